import Foundation
import TestSupport
import Testing

@Suite("utter settings: one key spelling, known values")
struct SettingsCommandTests {
  @Test("settings get --json uses the same keys as settings set, which also takes the stored spelling")
  func oneSpelling() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(try await cli.run(["settings", "set", "keepAudio", "off"]).stdout == "keep-audio = off\n")
    #expect(try await cli.run(["settings", "set", "typingWordsPerMinute", "55"]).stdout == "typing-speed = 55\n")
    let json = try await cli.run(["settings", "get", "--json"]).stdout
    let values = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    #expect(values["keep-audio"] == "off")
    #expect(values["typing-speed"] == "55")
    #expect(values["keepAudio"] == nil && values["typingWordsPerMinute"] == nil)
    for key in values.keys {
      #expect(try await cli.run(["settings", "get", key]).stdout == "\(values[key] ?? "")\n", "\(key)")
    }
    #expect(try await cli.run(["settings", "get", "keepAudio", "--json"]).stdout.contains("\"keep-audio\" : \"off\""))
  }

  @Test(
    "an unknown engine, model or language is refused with one line, and nothing changes",
    arguments: [
      (
        "engine", "bogus",
        "utter: unknown engine 'bogus' (engines: whisper, openai, groq, mistral, deepgram, openai-compatible)\n"
      ),
      ("model", "huge", "utter: unknown model 'huge' for whisper (models: tiny.en, base)\n"),
      ("language", "xx", "utter: unknown language 'xx': use an ISO 639-1 code such as en, fr or pt-BR, or auto\n"),
    ])
  func unknownValues(key: String, value: String, stderr: String) async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    let before = try await cli.run(["settings", "get", key]).stdout
    let output = try await cli.run(["settings", "set", key, value], expect: 1)
    #expect(output.stderr == stderr)
    #expect(try await cli.run(["settings", "get", key]).stdout == before)
  }

  @Test("known engines, models and languages are accepted")
  func knownValues() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    #expect(try await cli.run(["settings", "set", "model", "base"]).stdout == "model = base\n")
    #expect(try await cli.run(["settings", "set", "language", "pt-BR"]).stdout == "language = pt-BR\n")
    #expect(try await cli.run(["settings", "set", "engine", "groq"]).stdout == "engine = groq\n")
    try await cli.run(["settings", "set", "model", "tiny.en"], expect: 1)
    #expect(try await cli.run(["settings", "set", "model", "whisper-large-v3"]).stdout == "model = whisper-large-v3\n")
  }

  @Test("a negative number is read as a value and then checked")
  func negativeValue() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    let output = try await cli.run(["settings", "set", "typing-speed", "-5"], expect: 1)
    #expect(output.stderr == "utter: invalid value '-5' for typing-speed: expected a number from 5 to 300\n")
    #expect(try await cli.run(["settings", "get", "typing-speed"]).stdout == "40\n")
  }
}

/// The start of each column in `line`, found from the heading's words.
func columnStarts(_ header: Substring) -> [Int] {
  var starts: [Int] = []
  var previous: Character = " "
  for (offset, character) in header.enumerated() {
    if character != " ", previous == " " { starts.append(offset) }
    previous = character
  }
  return starts
}

/// Checks that every row's cells start under their heading (cells hold no double spaces).
func expectAligned(_ table: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let lines = table.split(separator: "\n")
  guard let header = lines.first else {
    Issue.record("no table", sourceLocation: sourceLocation)
    return
  }
  let starts = columnStarts(header)
  for line in lines.dropFirst() {
    let characters = Array(line)
    for start in starts.dropFirst() where start < characters.count {
      #expect(
        characters[start - 1] == " " && characters[start - 2] == " " && characters[start] != " ",
        "\(line)", sourceLocation: sourceLocation)
    }
  }
}

@Suite("utter's tables")
struct TableOutputTests {
  @Test("engines list shows whole ids under aligned headings, cloud rows included")
  func enginesList() async throws {
    let output = try await UtterBinary.run(["engines", "list"])
    #expect(output.status == 0)
    let table = output.stdout.split(separator: "\n").dropFirst().joined(separator: "\n")
    #expect(table.hasPrefix("ENGINE "))
    #expect(table.contains("\nopenai-compatible  "))
    #expect(table.contains("\ndeepgram  "))
    #expect(table.contains(" tiny.en "))
    expectAligned(table)
  }

  @Test("notes list and history list have headings over aligned columns")
  func notesAndHistory() async throws {
    let cli = try StoreCLI()
    defer { cli.folder.remove() }
    for text in ["Buy milk", "Call Zoé about the quarterly report"] { try await cli.run(["notes", "add", text]) }
    let notes = try await cli.run(["notes", "list"]).stdout
    #expect(notes.hasPrefix("ID  WHEN              TEXT\n"))
    #expect(notes.split(separator: "\n").count == 3)
    expectAligned(notes)
    try await cli.importSample()
    let history = try await cli.run(["history", "list"]).stdout
    #expect(history.hasPrefix("ID  WHEN              SOURCE    STATUS    TEXT\n"))
    expectAligned(history)
  }
}
