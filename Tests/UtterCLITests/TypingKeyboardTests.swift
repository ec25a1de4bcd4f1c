import Foundation
import TestSupport
import Testing

/// Utter's own typing keys through `utter keyboard`, with and without Full Access.
@Suite("The keyboard's typing keys", .serialized)
struct TypingKeyboardTests {
  @Test("without Full Access typing works (capitals, double-space period) and the container is never touched")
  func typingWithoutFullAccess() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    let container = dir.path("group")
    let result = try await UtterBinary.run([
      "keyboard", "--container", container.path, "--no-full-access", "--script", "type hello world  how are you; field",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Hello world. How are you\n")
    #expect(!FileManager.default.fileExists(atPath: container.path), "no App Group without Full Access")
  }

  @Test("a keyboard that typed a long letter stays under a keyboard extension's memory ceiling")
  func memoryUnderTheCeiling() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    let letter = String(repeating: "the quarterly report is ready  ", count: 40)
    let result = try await UtterBinary.run([
      "keyboard", "--container", dir.path("group").path, "--no-full-access", "--script",
      "type \(letter); delete 200; memory",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("memory:") }.map(String.init))
    #expect(line.hasPrefix("memory: peak ") && line.hasSuffix(" MB of a keyboard's 48 MB"), "\(line)")
    let megabytes = Double(line.dropFirst("memory: peak ".count).prefix { $0 != " " }) ?? 99
    #expect(megabytes > 1 && megabytes < 48)
  }

  @Test("without Full Access the mic says why in one line and changes nothing")
  func micWithoutFullAccess() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    let result = try await UtterBinary.run([
      "keyboard", "--container", dir.path("group").path, "--no-full-access", "--script", "type ok; start; field",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Ok\n")
    let lines = result.stderr.split(separator: "\n").filter { $0.contains("Full Access") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("Settings") == true)
    #expect(!result.stderr.contains("opening Utter"), "no attempt to open the app")
  }

  @Test("a French field types on AZERTY with its accents and capitals")
  func frenchField() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    let result = try await UtterBinary.run([
      "keyboard", "--container", dir.path("group").path, "--no-full-access", "--language", "fr", "--script",
      "type ça coûte 5 €, d'accord?  oui; field",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Ça coûte 5 €, d'accord?  Oui\n", "two spaces after ? stay two spaces")
  }

  @Test(
    "a typed edit of an inserted dictation reaches word learning at the next tap",
    .enabled(if: SyntheticSpeech.isAvailable))
  func typedEditReachesLearning() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("We meet on Friday."))
    defer { host.terminate() }
    let keyboard = try await workspace.runKeyboard(
      "start; wait 2.5; stop; wait-insert 120; delete 7; type Monday.; start; wait 1; cancel; field", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.log("correction:", timeout: 30))
    let line = host.stderr.split(separator: "\n").first { $0.contains("correction:") }.map(String.init) ?? ""
    if workspace.engine == "whisper" {
      #expect(keyboard.stdout.hasSuffix("Monday.\n"), "\(keyboard.stdout)")
      // Judged by word learning: an ordinary word changed is a change of mind, never learned.
      #expect(line.contains("Friday → Monday"), "\(line)")
    }
  }

  @Test(
    "a suggestion tapped over a dictated word (cursor dragged back to it) reaches word learning like a typed edit",
    .enabled(if: SyntheticSpeech.isAvailable))
  func suggestionReachesLearning() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("We meet on Friday."))
    defer { host.terminate() }
    let keyboard = try await workspace.runKeyboard(
      "start; wait 2.5; stop; wait-insert 120; cursor -1; accept Monday; start; wait 1; cancel; field", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.log("correction:", timeout: 30))
    let line = host.stderr.split(separator: "\n").first { $0.contains("correction:") }.map(String.init) ?? ""
    if workspace.engine == "whisper" {
      #expect(keyboard.stdout.hasSuffix("on Monday.\n"), "the suggestion keeps the period after it: \(keyboard.stdout)")
      #expect(line.contains("Friday → Monday"), "\(line)")
    }
  }
}

/// The keys a field's keyboard type shows, and the suggestion bar's dictionary terms, through `utter keyboard`.
@Suite("The keyboard's keys per field, and its suggestions", .serialized)
struct FieldKeysAndSuggestionsTests {
  @Test("a term added with utter dictionary add is what the suggestion bar offers for its first letters")
  func dictionaryTermSuggested() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    let data = ["--data-dir", dir.path("data").path]
    let container = dir.path("group").path
    let added = try await UtterBinary.run(["dictionary", "add", "Siobhan"] + data)
    #expect(added.status == 0, "\(added.stderr)")
    let shared = try await UtterBinary.run(["settings", "export-keyboard", "--container", container] + data)
    #expect(shared.status == 0, "\(shared.stderr)")
    let result = try await UtterBinary.run([
      "keyboard", "--container", container, "--script", "type Ask sio; suggestions; accept Siobhan; type now; field",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Siobhan\nAsk Siobhan now\n")
  }

  @Test("an e-mail field has @ and . beside the space bar, a number pad only digits, a URL field .com")
  func keysPerFieldType() async throws {
    let dir = try TemporaryDirectory("typing")
    defer { dir.remove() }
    func keyboard(_ type: String, _ script: String) async throws -> ProcessOutput {
      try await UtterBinary.run([
        "keyboard", "--container", dir.path("group").path, "--no-full-access", "--capitalization", "none",
        "--keyboard-type", type, "--script", script,
      ])
    }
    let email = try await keyboard("emailAddress", "keys; type ana@example.com")
    #expect(email.status == 0, "\(email.stderr)")
    #expect(email.stdout.split(separator: "\n").suffix(2) == ["123 🌐 space @ . return", "ana@example.com"])
    let pin = try await keyboard("numberPad", "type PIN 2468; keys")
    #expect(pin.stdout == "1 2 3\n4 5 6\n7 8 9\n🌐 0 ⌫\n2468\n", "letters and spaces have no key on a number pad")
    let url = try await keyboard("url", "keys")
    #expect(url.stdout.split(separator: "\n")[3] == "123 🌐 . / .com return")
    let unknown = try await keyboard("emoji", "keys")
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("unknown --keyboard-type 'emoji'"))
  }
}
