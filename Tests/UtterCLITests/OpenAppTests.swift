import Foundation
import TestSupport
import Testing

/// `utter keyboard` when iOS will not open the app: the keyboard says what to do in one line.
@Suite("Keyboard: opening the app fails", .serialized)
struct OpenAppTests {
  @Test(
    "a refused open, or one iOS never answers, ends in the one line telling the user to open Utter",
    arguments: ["refuse", "never"])
  func refusedOpen(answer: String) async throws {
    let dir = try TemporaryDirectory("utter-open-app")
    defer { dir.remove() }
    let output = try await UtterBinary.run(
      [
        "keyboard", "--container", dir.path("container").path, "--open-app", answer, "--script",
        "start; wait-phase error 20; status",
      ], timeout: 60)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("keyboard: error: Open Utter, then swipe back to this app."), "\(output.stderr)")
    #expect(output.stderr.contains("keyboard status: error"))
  }
}
