import Foundation
import TestSupport
import Testing

/// Learning words from corrections, with the keyboard and the containing app as two real processes.
@Suite("Keyboard↔app session: learning from corrections", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct SessionLearningTests {
  static let sentence = "Send the draft to Siobhan and Niamh before lunch."
  // NB: the host ends each dictation a second of audio after the last word (`end-of-speech`), so every dictation of
  // the sentence records the same audio and reads the same words; a ✓ after a wall-clock wait recorded more or less
  // of it with the machine's load, and the same sentence once read "Shiva and I am", then "shift on and iron".
  static let dictate = "start; wait-insert 60"

  /// The words the engine wrote for the two names: between "to" and "and", and between "and" and "before".
  static func heardNames(in text: String) -> (siobhan: String, niamh: String)? {
    let words = text.split(separator: " ").map(String.init)
    guard let to = words.firstIndex(of: "to"), let and = words[to...].firstIndex(of: "and"),
      let before = words[and...].firstIndex(of: "before"), to + 1 < and, and + 1 < before
    else { return nil }
    return (words[(to + 1)..<and].joined(separator: " "), words[(and + 1)..<before].joined(separator: " "))
  }

  static func quoted(_ words: String) -> String { "\"\(words)\"" }

  @Test(
    "two names corrected twice, one heard as 'I am', are written right in the next dictation, judged by the audio")
  func correctTwiceThenDictate() async throws {
    guard workspaceEngineIsWhisper(), engineAvailable() else { return }
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try await Self.endOnSilence(workspace)
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    // What this engine hears for the names (the tiny model mishears both).
    let first = try await workspace.runKeyboard(Self.dictate)
    #expect(first.status == 0, "\(first.stderr)")
    let heard = try #require(Self.heardNames(in: first.stdout), "unexpected transcript: \(first.stdout)")
    #expect(heard.siobhan != "Siobhan", "the engine already writes the name: nothing to learn")
    #expect(heard.niamh.lowercased() == "i am", "the tiny model hears Niamh as 'I am': \(first.stdout)")

    let fix = "replace \(Self.quoted(heard.siobhan)) Siobhan; replace \(Self.quoted(heard.niamh)) Niamh"
    let keyboard = try await workspace.runKeyboard(
      [Self.dictate, fix, Self.dictate, fix, Self.dictate].joined(separator: "; "), timeout: 240)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.log("learned 'Siobhan', 'Niamh'", timeout: 60))

    let insertions = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }
    #expect(insertions.count == 3)
    let third = String(insertions.last ?? "")
    // NB: the first word is the engine's own ("And" for this synthetic voice with no silence before it, "Send" with
    // some): a common word changed is no recognition error Utter learns.
    #expect(
      third.hasSuffix(" the draft to Siobhan and Niamh before lunch."),
      "the third dictation writes both names, 'I am' because the audio, read again, says Niamh: \(third)")
    // The corrections were judged by the audio: the host read the dictation again with the corrected words.
    #expect(host.stderr.contains("the audio, read again with it as the prompt, says 'Siobhan'"), "\(host.stderr)")
    // The field keeps the user's corrections of the first two dictations, and the third is right by itself.
    #expect(keyboard.stdout.components(separatedBy: "Siobhan and Niamh").count - 1 == 3)

    await host.stop()
    let listed = try await UtterBinary.run(["dictionary", "list", "--data-dir", workspace.dataDirectory.path])
    #expect(listed.status == 0)
    let rows = listed.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    // The heard form is the row's last column (one or more words).
    #expect(
      rows.contains {
        $0.first == "Siobhan" && $0.contains("learned") && $0.joined(separator: " ").hasSuffix(heard.siobhan)
      },
      "\(listed.stdout)")
    #expect(
      rows.contains { $0 == ["Niamh", "learned", "exact", "forms", "only"] }, "'I am' is no rule: only audio-checked")

    let formatted = try await UtterBinary.run(
      ["format", "--data-dir", workspace.dataDirectory.path], stdin: "i am sure \(heard.siobhan) will come")
    #expect(formatted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "I am sure Siobhan will come.")
    let ordinary = try await UtterBinary.run(
      ["format", "--data-dir", workspace.dataDirectory.path], stdin: "so I am sure I am right")
    #expect(ordinary.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "So I am sure I am right.")

    let forgot = try await UtterBinary.run([
      "dictionary", "forget", "Siobhan", "--data-dir", workspace.dataDirectory.path,
    ])
    #expect(forgot.status == 0, "\(forgot.stderr)")
    let after = try await UtterBinary.run(["dictionary", "list", "--data-dir", workspace.dataDirectory.path])
    #expect(!after.stdout.contains("Siobhan"))
  }

  @Test("with learning off, the same corrections teach nothing")
  func learningOff() async throws {
    guard workspaceEngineIsWhisper(), engineAvailable() else { return }
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let off = try await UtterBinary.run(
      ["settings", "set", "learn-words", "off", "--data-dir", workspace.dataDirectory.path])
    #expect(off.status == 0, "\(off.stderr)")
    try await Self.endOnSilence(workspace)
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let first = try await workspace.runKeyboard(Self.dictate)
    let heard = try #require(Self.heardNames(in: first.stdout), "unexpected transcript: \(first.stdout)")
    let fix = "replace \(Self.quoted(heard.siobhan)) Siobhan"
    let keyboard = try await workspace.runKeyboard(
      [Self.dictate, fix, Self.dictate, fix, Self.dictate].joined(separator: "; "), timeout: 240)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.log("learning is off", timeout: 60))
    let third = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }.last ?? ""
    #expect(third.contains("to \(heard.siobhan) and"), "nothing was learned: \(third)")
    await host.stop()
    let suggestions = try await UtterBinary.run(
      ["dictionary", "suggestions", "--data-dir", workspace.dataDirectory.path])
    #expect(suggestions.stdout.contains("learning is off"))
  }

  static func endOnSilence(_ workspace: SessionWorkspace) async throws {
    let set = try await UtterBinary.run(
      ["settings", "set", "end-of-speech", "1", "--data-dir", workspace.dataDirectory.path])
    #expect(set.status == 0, "\(set.stderr)")
  }

  func workspaceEngineIsWhisper() -> Bool {
    (ProcessInfo.processInfo.environment["UTTER_TEST_SESSION_ENGINE"] ?? "whisper") == "whisper"
  }
}
