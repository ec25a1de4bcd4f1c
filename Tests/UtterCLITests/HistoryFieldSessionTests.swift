import Foundation
import TestSupport
import Testing

/// What the keyboard says of the field travels with the dictation through the channel and the host into history,
/// where `history show`, the export and retry keep it: `utter keyboard` and `utter host` as two real processes.
@Suite(
  "Keyboard↔app session: history keeps the field the keyboard sent", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct HistoryFieldSessionTests {
  /// The field's parts as `history show 1 --json` prints them.
  static let fieldKeys = ["keyboardType", "contentType", "appBundleID", "fieldLanguage", "style"]

  func shown(_ data: [String]) async throws -> [String: Any] {
    let shown = try await UtterBinary.run(["history", "show", "1", "--json"] + data)
    #expect(shown.status == 0, "\(shown.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
  }

  @Test(
    "a casual dictation into an English e-mail field is shown with its keyboard type, content type, language and style, exported with them, and a retry keeps them"
  )
  func emailField() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let data = ["--data-dir", workspace.dataDirectory.path]
    let host = try workspace.startHost(mic: try workspace.speech("Please send the report to Anna tomorrow."))
    defer { host.terminate() }
    #expect(await host.log("ready"), "\(host.stderr)")

    let keyboard = try await UtterBinary.run([
      "keyboard", "--container", workspace.container.path, "--keyboard-type", "emailAddress", "--content-type",
      "emailAddress", "--language", "en", "--script", "style casual; start; wait 2.5; stop; wait-insert 60",
    ])
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: inserted"), "\(keyboard.stderr)")
    await host.stop()

    let entry = try await shown(data)
    #expect(entry["source"] as? String == "keyboard")
    #expect(entry["keyboardType"] as? String == "emailAddress")
    #expect(entry["contentType"] as? String == "emailAddress")
    #expect(entry["fieldLanguage"] as? String == "en")
    #expect(entry["style"] as? String == "casual")
    #expect(entry["appBundleID"] == nil, "iOS never tells a keyboard which app holds the field")
    if workspace.engine == "whisper" {
      #expect((entry["finalText"] as? String)?.lowercased().contains("report") == true, "\(entry)")
    }
    let plain = try await UtterBinary.run(["history", "show", "1"] + data)
    #expect(plain.stdout.contains("Source   keyboard → emailAddress · en · casual\n"), "\(plain.stdout)")
    let markdown = try await UtterBinary.run(["history", "export", "--format", "markdown"] + data)
    #expect(markdown.stdout.contains(" · keyboard · "), "\(markdown.stdout)")
    #expect(markdown.stdout.contains(" · emailAddress · en · casual\n"), "\(markdown.stdout)")
    let exported = try await UtterBinary.run(["history", "export", "--format", "json"] + data)
    #expect(exported.stdout.contains(#""keyboardType" : "emailAddress""#), "\(exported.stdout)")

    // Retry reads the kept audio again, for the same field, and keeps the field in the entry it updates.
    let engine = try await UtterBinary.run(["settings", "set", "engine", workspace.engine] + data)
    #expect(engine.status == 0, "\(engine.stderr)")
    let retry = try await UtterBinary.run(["history", "retry", "1"] + data)
    #expect(retry.status == 0, "\(retry.stderr)")
    let retried = try await shown(data)
    #expect(retried["updatedAt"] as? String != entry["updatedAt"] as? String, "the retry rewrote the entry")
    for key in Self.fieldKeys {
      #expect(retried[key] as? String == entry[key] as? String, "retry keeps \(key)")
    }
    #expect(retried["keyboardType"] as? String == "emailAddress")
    #expect(retried["style"] as? String == "casual")
    #expect(try workspace.historyRows().count == 1, "retry updates the entry, it adds none")
  }
}
