import Foundation
import TestSupport
import Testing

/// Runs `utter` against a fresh `--data-dir`.
struct StoreCLI {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory("utter-cli-store") }

  @discardableResult
  func run(_ arguments: [String], expect status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> ProcessOutput
  {
    let output = try await UtterBinary.run(arguments + ["--data-dir", folder.url.path], timeout: 60)
    #expect(
      output.status == status, "utter \(arguments.joined(separator: " ")): \(output.stderr)",
      sourceLocation: sourceLocation)
    return output
  }

  /// Imports three dictations written as an export file, the way a user restores a backup.
  func importSample() async throws {
    let json = """
      {"format": "utter-export", "version": 1, "exportedAt": "2026-11-22T10:00:00.000Z",
       "history": [
        {"id": 1, "uuid": "a1", "rawText": "um deploy the cooper netties cluster", "finalText": "Deploy the Kubernetes cluster.",
         "trace": [{"stage": "transcribe", "text": "um deploy the cooper netties cluster", "milliseconds": 812},
                   {"stage": "dictionary", "text": "Deploy the Kubernetes cluster.", "note": "cooper netties → Kubernetes"}],
         "engine": "whisper", "model": "base.en", "language": "en", "audioSeconds": 2.5, "processingSeconds": 0.4,
         "source": "keyboard", "context": "email", "status": "complete", "audioPath": "a1.wav",
         "createdAt": "2026-11-20T09:00:00.000Z", "updatedAt": "2026-11-20T09:00:00.000Z", "delivered": true},
        {"id": 2, "uuid": "a2", "rawText": "", "finalText": "", "trace": [], "engine": "whisper", "model": "base.en",
         "language": "en", "audioSeconds": 3, "processingSeconds": 0, "source": "widget", "status": "failed",
         "errorMessage": "engine crashed", "createdAt": "2026-11-21T09:00:00.000Z",
         "updatedAt": "2026-11-21T09:00:00.000Z", "delivered": false},
        {"id": 3, "uuid": "a3", "rawText": "rendez-vous au cafe", "finalText": "Rendez-vous au café à midi.", "trace": [],
         "engine": "whisper", "model": "base", "language": "fr", "audioSeconds": 2, "processingSeconds": 0.3,
         "source": "app", "keyboardType": "twitter", "appBundleID": "com.apple.MobileSMS", "fieldLanguage": "fr",
         "style": "casual", "status": "complete", "createdAt": "2026-11-22T09:00:00.000Z",
         "updatedAt": "2026-11-22T09:00:00.000Z", "delivered": true}
       ],
       "notes": [], "dictionary": [], "snippets": [], "styles": [], "settings": {}}
      """
    let file = folder.url.appendingPathComponent("sample.json")
    try Data(json.utf8).write(to: file)
    let output = try await run(["history", "import", file.path])
    #expect(output.stdout.contains("Imported 3 new dictation(s)"))
  }
}

@Suite("utter dictionary, snippets, notes and settings")
struct StorageVocabularyCommandTests {
  @Test("dictionary add, list and remove")
  func dictionary() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(
      try await cli.run(["dictionary", "add", "Kubernetes", "--replace", "cooper netties", "--replace", "kuber nets"])
        .stdout == "Added 'Kubernetes'.\n")
    try await cli.run(["dictionary", "add", "Zoé", "--no-sound-match"])
    let list = try await cli.run(["dictionary", "list"]).stdout
    #expect(
      list == """
        TERM        ORIGIN  MATCH             REPLACES
        Kubernetes  added   by sound          cooper netties, kuber nets
        Zoé         added   exact forms only

        """)
    let json = try await cli.run(["dictionary", "list", "--json"]).stdout
    #expect(json.contains("\"matchBySound\" : false"))
    try await cli.run(["dictionary", "remove", "kubernetes"])
    #expect(
      try await cli.run(["dictionary", "list"]).stdout
        == "TERM  ORIGIN  MATCH             REPLACES\nZoé   added   exact forms only\n")
    let missing = try await cli.run(["dictionary", "remove", "nothing"], expect: 1)
    #expect(missing.stderr == "utter: 'nothing' is not in the dictionary\n")
  }

  @Test("snippets add, replace, list and remove")
  func snippets() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.run(["snippets", "add", "my calendar", "https://cal.example/a"])
    #expect(
      try await cli.run(["snippets", "add", "My Calendar", "https://cal.example/b"]).stdout
        == "Updated 'My Calendar'.\n")
    #expect(
      try await cli.run(["snippets", "list"]).stdout
        == "TRIGGER      EXPANSION\nMy Calendar  https://cal.example/b\n")
    try await cli.run(["snippets", "remove", "MY CALENDAR"])
    #expect(try await cli.run(["snippets", "list"]).stdout.hasPrefix("No snippets."))
  }

  @Test("styles add, replace, list with their language, refuse a wrong kind or language in one line, and remove")
  func styles() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(try await cli.run(["styles"]).stdout.hasPrefix("No styles."))
    try await cli.run(["styles", "add", "Team chat", "--use-in", "chat, com.slack", "--translate-to", "en"])
    #expect(
      try await cli.run([
        "styles", "add", "team chat", "--kind", "casual", "--use-in", "chat", "--translate-to", "pt-BR",
      ])
      .stdout == "Updated 'team chat'.\n")
    try await cli.run(["styles", "add", "Diary", "--kind", "verbatim", "--translate-to", "", "--prompt", "As I say."])
    #expect(
      try await cli.run(["styles", "list"]).stdout
        == """
        NAME       KIND      USED IN  INSERTED IN         PROMPT
        Diary      verbatim           as spoken           As I say.
        team chat  casual    chat     Portuguese (pt-BR)

        """)
    let kind = try await cli.run(["styles", "add", "X", "--kind", "pirate"], expect: 64)
    #expect(
      kind.stderr.hasPrefix("utter: --kind must be one of natural, formal, casual, very-casual, verbatim, custom"))
    let language = try await cli.run(["styles", "add", "X", "--translate-to", "auto"], expect: 1)
    #expect(language.stderr == "utter: a style's language must be a code such as en or fr, not 'auto'\n")
    try await cli.run(["styles", "remove", "DIARY"])
    #expect(try await cli.run(["styles", "list", "--json"]).stdout.contains(#""translateTo" : "pt-BR""#))
    #expect(try await cli.run(["styles", "remove", "diary"], expect: 1).stderr == "utter: no style 'diary'\n")
  }

  @Test("notes add, search and remove")
  func notes() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(try await cli.run(["notes", "add", "Buy crème fraîche"]).stdout == "Added note 1.\n")
    try await cli.run(["notes", "add", "Call the plumber"])
    #expect(try await cli.run(["notes", "search", "creme"]).stdout.contains("Buy crème fraîche"))
    try await cli.run(["notes", "remove", "1"])
    #expect(!(try await cli.run(["notes", "list"]).stdout.contains("crème")))
  }

  @Test("settings set, get, reject bad input in one line, and export the keyboard file")
  func settings() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(try await cli.run(["settings", "set", "session-timeout", "1h"]).stdout == "session-timeout = 1h\n")
    #expect(try await cli.run(["settings", "get", "session-timeout"]).stdout == "1h\n")
    let unknown = try await cli.run(["settings", "set", "colour", "red"], expect: 1)
    #expect(unknown.stderr.hasPrefix("utter: unknown setting 'colour' (known: engine"))
    #expect(unknown.stderr.split(separator: "\n").count == 1)
    let bad = try await cli.run(["settings", "set", "haptics", "maybe"], expect: 1)
    #expect(bad.stderr == "utter: invalid value 'maybe' for haptics: expected on or off\n")
    #expect(try await cli.run(["settings", "get"]).stdout.contains("retention"))
    let container = cli.folder.url.appendingPathComponent("group")
    try await cli.run(["settings", "export-keyboard", "--container", container.path])
    let file = try String(contentsOf: container.appendingPathComponent("keyboard-settings.json"), encoding: .utf8)
    #expect(file.contains("\"appearance\":\"system\""))
    #expect(!file.contains("sessionTimeout"), "the keyboard never reads the timeout: it is not shared")
    try await cli.run(["settings", "reset"])
    #expect(try await cli.run(["settings", "get", "session-timeout"]).stdout == "15m\n")
  }
}

@Suite("utter history")
struct StorageHistoryCommandTests {
  @Test("list shows the newest first; search finds by prefix and without accents; filters apply")
  func listAndSearch() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    let list = try await cli.run(["history", "list"]).stdout.split(separator: "\n")
    #expect(list.count == 4)
    #expect(list[1].contains("Rendez-vous au café"))
    #expect(list[2].contains("(engine crashed)"))
    #expect(try await cli.run(["history", "search", "kube"]).stdout.contains("Deploy the Kubernetes cluster."))
    #expect(try await cli.run(["history", "search", "cafe"]).stdout.contains("Rendez-vous"))
    #expect(try await cli.run(["history", "search", "AND \" *"]).stdout.hasPrefix("Nothing matches"))
    let since = try await cli.run(["history", "search", "", "--since", "2026-11-21T12:00:00Z", "--json"]).stdout
    #expect(since.contains("\"uuid\" : \"a3\""))
    #expect(!since.contains("\"uuid\" : \"a1\""))
    let widget = try await cli.run(["history", "list", "--source", "widget"]).stdout
    #expect(widget.split(separator: "\n").count == 2)
    let badSource = try await cli.run(["history", "list", "--source", "telepathy"], expect: 1)
    #expect(badSource.stderr.hasPrefix("utter: unknown source 'telepathy'"))
  }

  @Test("show prints raw versus final text, the trace and the audio path")
  func show() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    let shown = try await cli.run(["history", "show", "1"]).stdout
    #expect(shown.contains("Raw      um deploy the cooper netties cluster"))
    #expect(shown.contains("Final    Deploy the Kubernetes cluster."))
    #expect(shown.contains("2. dictionary: Deploy the Kubernetes cluster.  [cooper netties → Kubernetes]"))
    #expect(shown.contains("audio/a1.wav (missing)"))
    #expect(try await cli.run(["history", "show", "1", "--json"]).stdout.contains("\"audioPath\" : \"a1.wav\""))
    #expect(try await cli.run(["history", "show", "99"], expect: 1).stderr == "utter: no history entry 99\n")
  }

  @Test("delete removes one entry, then all, with their audio")
  func delete() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    let audio = cli.folder.url.appendingPathComponent("audio")
    try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
    try Data([1, 2, 3]).write(to: audio.appendingPathComponent("a1.wav"))
    #expect(try await cli.run(["history", "delete", "1"]).stdout == "Deleted entry 1.\n")
    #expect(try await cli.run(["history", "delete", "1"], expect: 1).stderr == "utter: no history entry 1\n")
    #expect(!FileManager.default.fileExists(atPath: audio.appendingPathComponent("a1.wav").path))
    #expect(!(try await cli.run(["history", "list"]).stdout.contains("Kubernetes")))
    #expect(
      try await cli.run(["history", "delete", "--all"]).stdout == "Deleted 2 dictation(s) and 0 audio file(s).\n")
    #expect(try await cli.run(["history", "list"]).stdout == "No dictations yet.\n")
    try await cli.run(["history", "delete"], expect: 64)
  }

  @Test("export as JSON imports into another folder unchanged; Markdown groups by day")
  func exportImport() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    try await cli.run(["dictionary", "add", "Kubernetes"])
    let file = cli.folder.url.appendingPathComponent("backup.json")
    try await cli.run(["history", "export", "--format", "json", "--output", file.path])
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "an export holds every dictation: owner-only")
    let other = try StoreCLI()
    defer { other.folder.remove() }
    try await other.run(["history", "import", file.path])
    let again = try await other.run(["history", "export", "--format", "json"]).stdout
    let original = try String(contentsOf: file, encoding: .utf8)
    func withoutExportTime(_ text: String) -> String {
      text.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }.joined(separator: "\n")
    }
    #expect(withoutExportTime(again) == withoutExportTime(original))
    #expect(original.contains("\"fieldLanguage\" : \"fr\""), "the field is exported part by part")
    let chat = try await other.run(["history", "show", "3"]).stdout
    #expect(chat.contains("app → twitter · com.apple.MobileSMS · fr · casual"), "\(chat)")
    let legacy = try await other.run(["history", "show", "1"]).stdout
    #expect(legacy.contains("keyboard → email"), "an older export's one context string is kept: \(legacy)")
    #expect(
      try await other.run(["dictionary", "list"]).stdout
        == "TERM        ORIGIN  MATCH     REPLACES\nKubernetes  added   by sound\n")
    let markdown = try await cli.run(["history", "export", "--format", "markdown"]).stdout
    #expect(markdown.hasPrefix("# Utter history"))
    #expect(markdown.contains("Deploy the Kubernetes cluster."))
    #expect(markdown.components(separatedBy: "\n## ").count == 4)
    let damaged = cli.folder.url.appendingPathComponent("damaged.json")
    try Data("{\"format\": \"something\"}".utf8).write(to: damaged)
    #expect(
      try await cli.run(["history", "import", damaged.path], expect: 1).stderr.hasPrefix("utter: not an Utter export"))
  }

  @Test("turning history off deletes what was kept and stores nothing more")
  func historyOff() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    let output = try await cli.run(["settings", "set", "retention", "off"]).stdout
    #expect(output.contains("Deleted 3 dictation(s)"))
    #expect(output.contains("History is off"))
    #expect(try await cli.run(["history", "list"]).stdout == "No dictations yet.\n")
  }

  @Test("retry explains when there is no audio to transcribe again")
  func retryWithoutAudio() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    #expect(
      try await cli.run(["history", "retry", "2"], expect: 1).stderr
        == "utter: entry 2 has no audio to retry (audio is not kept, or was deleted)\n")
    let missing = try await cli.run(["history", "retry", "1"], expect: 1).stderr
    #expect(missing.hasPrefix("utter: entry 1's audio file is missing: "))
    #expect(missing.hasSuffix("audio/a1.wav\n"))
  }

  @Test("stats reports words and time saved")
  func stats() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    let json = try await cli.run(["stats", "--json"]).stdout
    #expect(json.contains("\"words\" : 9"))
    #expect(json.contains("\"dictations\" : 2"))
    #expect(try await cli.run(["stats"]).stdout.contains("Time saved"))
  }

  @Test("a damaged database is moved aside with a message and the command still works")
  func damaged() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    let damaged = Data("SQLite format 3\0".utf8) + Data(repeating: 0x42, count: 10_000)
    try damaged.write(to: cli.folder.url.appendingPathComponent("utter.sqlite"))
    let output = try await cli.run(["history", "list"])
    #expect(output.stderr.hasPrefix("utter: the database was damaged and moved to utter.sqlite.corrupt-"))
    #expect(output.stderr.hasSuffix("; nothing in it could be read; there was no backup to restore from\n"))
    #expect(output.stdout == "No dictations yet.\n")
  }

  @Test("an emptied database comes back from the backup, which a deletion has already rewritten")
  func emptiedDatabase() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    try await cli.importSample()
    try await cli.run(["history", "delete", "3"])
    let database = cli.folder.url.appendingPathComponent("utter.sqlite")
    try Data().write(to: database)
    let output = try await cli.run(["history", "list"])
    #expect(output.stderr.hasPrefix("utter: the database file was empty (0 bytes); restored 2 history entries"))
    #expect(output.stdout.contains("Deploy the Kubernetes cluster."))
    #expect(!output.stdout.contains("Rendez-vous"), "the deleted entry stays deleted")
  }
}
