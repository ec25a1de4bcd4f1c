import Foundation
import TestSupport
import Testing

/// `utter host` and `utter keyboard` as two processes, the keyboard typing into a field as strict as iOS's proxy.
@Suite(
  "Keyboard↔app session: undo and raw text on a strict phone", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct StrictProxySessionTests {
  static let letter = "Dear team,\nThe first point is done. The second is not."
  static let speech = "The third point is late. We will finish it on Monday. Thank you all."

  @Test("undo after a dictation of several sentences leaves a multi-line field exactly as it was")
  func undoLongDictation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech(Self.speech))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard(
      "context; start; wait 6; stop; wait-insert 60; context; undo", text: Self.letter)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = try #require(
      keyboard.stderr.split(separator: "\n").first { $0.hasPrefix("keyboard: inserted: ") }?
        .dropFirst("keyboard: inserted: ".count))
    if workspace.engine == "whisper" { #expect(inserted.lowercased().contains("monday")) }
    let lines = keyboard.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // What the keyboard could see before and after the dictation, then the field at the end.
    #expect(lines.first == "The second is not.", "the keyboard sees only the sentence at the cursor")
    let seen = lines.count > 1 ? lines[1] : ""
    #expect(!seen.isEmpty && inserted.hasSuffix(seen) && !seen.contains("Dear"), "only the dictation's end: \(seen)")
    #expect(Array(lines.dropFirst(2)) == ["Dear team,", "The first point is done. The second is not.", ""])
  }

  @Test("raw text replaces exactly the dictation: the letter before it stays as it was")
  func rawText() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    // NB: a course correction is what clean-up changes, so the raw text differs from the inserted text.
    let spoken = "The third point is late. We will finish it on Monday, I mean Tuesday. Thank you all."
    let host = try workspace.startHost(mic: try workspace.speech(spoken))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard(
      "start; wait 7; stop; wait-insert 60; field; use-raw; field; undo; field", text: Self.letter)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    // The field three times: with the dictation, with its raw text, and after undo.
    let fields = keyboard.stdout.components(separatedBy: Self.letter)
    #expect(fields.count == 4, "the letter is intact in each: \(keyboard.stdout)")
    guard fields.count == 4 else { return }
    let dictated = fields[1].trimmingCharacters(in: .newlines)
    let raw = fields[2].trimmingCharacters(in: .newlines)
    #expect(fields[0].isEmpty)
    #expect(!dictated.isEmpty && !raw.isEmpty && raw != dictated, "raw: \(raw) dictated: \(dictated)")
    if workspace.engine == "whisper" { #expect(raw.contains("Monday") && !dictated.contains("Monday")) }
    #expect(fields[3] == "\n", "undo after the raw text leaves exactly the letter")
  }
}
