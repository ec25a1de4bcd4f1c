import Foundation
import TestSupport
import Testing

/// A dictation spoken in French and inserted in English ("translate-to en"), through a stand-in for the polish
/// provider, with `utter host` and `utter keyboard` as two processes; and `utter transcribe --translate-to`.
@Suite("Dictations inserted in another language", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct TranslationSessionTests {
  static let english = "See you tomorrow at the station."

  @Test("a French dictation goes in in English; the keyboard shows the French under it, and undo puts it back")
  func keyboardTranslation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let model = try await FakeLLMServer(reply: Self.english, in: workspace.dir)
    defer { model.stop() }
    try await CommandModeSessionTests.polish(at: model.baseURL, in: workspace)
    let set = try await UtterBinary.run(
      ["settings", "set", "translate-to", "en", "--data-dir", workspace.dataDirectory.path])
    #expect(set.status == 0, "\(set.stderr)")
    let speech = workspace.dir.path("french.wav")
    try SyntheticSpeech.synthesize("On se voit demain à la gare.", to: speech, voice: "fr")
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard(
      "language fr; type Note:; start; wait 3; stop; wait-insert 60; undo; wait 0.5", timeout: 120)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = keyboard.stderr.split(separator: "\n").first { $0.hasPrefix("keyboard: inserted: ") } ?? ""
    #expect(inserted.hasSuffix(Self.english), "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("You said: “"), "the French under the English: \(keyboard.stderr)")
    let field = keyboard.stdout.trimmingCharacters(in: .newlines)
    #expect(field.hasPrefix("Note: ") && !field.contains("See you"), "undo put back what was said: \(field)")
    #expect(field.count > "Note: ".count, "\(field)")
    #expect(model.requests.contains("into English"), "the provider was asked for English: \(model.requests)")
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.first?.contains(Self.english) == true, "history keeps the text inserted: \(rows)")
  }

  @Test("a saved style with a language of its own, picked on the keyboard, inserts in it; Automatic, as spoken")
  func styleTranslation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let model = try await FakeLLMServer(reply: Self.english, in: workspace.dir)
    defer { model.stop() }
    try await CommandModeSessionTests.polish(at: model.baseURL, in: workspace)
    let data = ["--data-dir", workspace.dataDirectory.path]
    let verbatim = try await UtterBinary.run(["settings", "set", "polish-style", "verbatim"] + data)
    #expect(verbatim.status == 0, "no polish request of its own: \(verbatim.stderr)")
    let add = try await UtterBinary.run(
      ["styles", "add", "To the team", "--kind", "verbatim", "--translate-to", "en"] + data)
    #expect(add.status == 0 && add.stdout.contains("Added 'To the team'."), "\(add.stderr)")
    let listed = try await UtterBinary.run(["styles"] + data)
    #expect(listed.stdout.contains("English"), "\(listed.stdout)")
    let speech = workspace.dir.path("french.wav")
    try SyntheticSpeech.synthesize("On se voit demain à la gare.", to: speech, voice: "fr")
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard(
      "language fr; style To the team; start; wait 3; stop; wait-insert 60; style auto; start; wait 3; stop; "
        + "wait-insert 60", timeout: 180)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }
    #expect(inserted.count == 2, "\(keyboard.stderr)")
    #expect(inserted.first?.hasSuffix(Self.english) == true, "the style's language: \(keyboard.stderr)")
    #expect(inserted.last.map { !$0.contains("See you") } == true, "no style, no setting: as spoken: \(inserted)")
    let spoken = inserted.last.map { String($0.dropFirst("keyboard: inserted: ".count)) } ?? ""
    #expect(!spoken.isEmpty && !model.requests.contains(spoken), "only the first was sent: \(model.requests)")
  }

  @Test("utter transcribe --translate-to en prints the English; --translate-to auto is one clear line")
  func transcribeTranslation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let model = try await FakeLLMServer(reply: Self.english, in: workspace.dir)
    defer { model.stop() }
    try await CommandModeSessionTests.polish(at: model.baseURL, in: workspace)
    let speech = workspace.dir.path("french.wav")
    try SyntheticSpeech.synthesize("On se voit demain à la gare.", to: speech, voice: "fr")
    let data = ["--data-dir", workspace.dataDirectory.path]
    let done = try await UtterBinary.run(
      ["transcribe", "--language", "fr", "--translate-to", "en", "--engine", workspace.engine, speech.path] + data,
      timeout: 120)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(done.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == Self.english, "\(done.stdout)")
    let wrong = try await UtterBinary.run(["transcribe", "--translate-to", "auto", speech.path] + data)
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("--translate-to must be a language code"), "\(wrong.stderr)")
    #expect(wrong.stderr.split(separator: "\n").count <= 2)
  }
}
