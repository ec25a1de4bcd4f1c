import Foundation
import TestSupport
import Testing

@Suite("what utter writes")
struct SideEffectTests {
  @Test("transcribing writes only into the data folder: nothing appears in HOME")
  func onlyTheDataFolder() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-empty-home")
    let data = try TemporaryDirectory("utter-data")
    defer {
      home.remove()
      data.remove()
    }
    let environment = ProcessInfo.processInfo.environment
    let engines =
      environment["UTTER_ENGINES"] ?? "\(environment["HOME"] ?? "/root")/.cache/utter/engines"
    let file = EngineFixtures.pocketsphinxData.appendingPathComponent("goforward.raw")
    let result = try await UtterBinary.run(
      ["transcribe", "--data-dir", data.url.path, file.path],
      environment: ["HOME": home.url.path, "UTTER_ENGINES": engines, "XDG_CACHE_HOME": "", "XDG_DATA_HOME": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.lowercased().contains("go forward"))
    let written = FileManager.default.enumerator(atPath: home.url.path)?.allObjects as? [String] ?? []
    #expect(written.isEmpty, "utter wrote \(written) under HOME")
    #expect(FileManager.default.fileExists(atPath: data.path("utter.sqlite").path))
  }
}
