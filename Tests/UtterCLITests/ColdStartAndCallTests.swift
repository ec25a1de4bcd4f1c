import Foundation
import TestSupport
import Testing

/// The phone's hard cases between two real processes: a tap before the engine has loaded, and a call.
@Suite("Keyboard↔app session: cold taps and calls", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct ColdStartAndCallTests {
  @Test("a tap while the engine is still loading records from the tap: the first and last words are kept")
  func coldTapLosesNothing() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("Please send the quarterly report to the finance team before Friday.")
    let host = try workspace.startHost(mic: speech, speed: 1, extra: ["--engine-delay", "6"])
    defer { host.terminate() }
    // NB: the keyboard is tapped at once; the host is up in well under a second, its engine six seconds later.
    let keyboard = try await workspace.runKeyboard("start; wait 4.5; stop; wait-insert 120", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: listening"))
    let log = host.stderr
    let recording = try #require(log.range(of: "recording dictation"), "\(log)")
    let ready = try #require(log.range(of: "speech engine ready"), "\(log)")
    #expect(recording.lowerBound < ready.lowerBound, "the recording began before the engine was ready")
    if workspace.engine == "whisper" {
      let text = keyboard.stdout.lowercased()
      #expect(text.contains("please send"), "the start of the speech is kept: \(text)")
      #expect(text.contains("friday"), "and its end: \(text)")
    }
  }

  @Test("--interrupt-at 2:3: the words before the call are delivered, and the first tap after the call records")
  func callKeepsTheWordsBeforeIt() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("The weather today is cold and windy with a chance of rain.")
    let host = try workspace.startHost(mic: speech, speed: 1, extra: ["--interrupt-at", "2:3"])
    defer { host.terminate() }
    // NB: the first dictation ends with the call (2 s in), so its text comes at least 2 s after the tap and the call,
    // 3 s long, is over 4.5 s later.
    let keyboard = try await workspace.runKeyboard(
      "wait-phase ready 60; start; wait-insert 120; wait 4.5; start; wait 4.5; stop; wait-insert 120", timeout: 300)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(host.stderr.contains("a call took the microphone"))
    let inserted = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }
    #expect(inserted.count == 2, "\(keyboard.stderr)")
    #expect(try workspace.historyRows().count == 2)
    if workspace.engine == "whisper", inserted.count == 2 {
      let before = inserted[0].lowercased()
      #expect(before.contains("weather"), "the words said before the call: \(before)")
      #expect(!before.contains("rain"), "nothing said after the call began: \(before)")
      #expect(inserted[1].lowercased().contains("rain"), "the next dictation recorded all of it: \(inserted[1])")
    }
  }
}
