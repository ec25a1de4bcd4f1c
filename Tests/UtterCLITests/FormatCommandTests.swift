import Foundation
import TestSupport
import Testing

@Suite("utter format")
struct FormatCommandTests {
  /// Runs `utter format ARGS` with an empty data folder so no stored vocabulary leaks in.
  func format(_ arguments: [String], stdin: String) async throws -> ProcessOutput {
    let home = try TemporaryDirectory("utter-format")
    defer { home.remove() }
    return try await UtterBinary.run(["format"] + arguments, environment: ["UTTER_HOME": home.url.path], stdin: stdin)
  }

  @Test("cleans fillers, stutters and corrections from standard input")
  func cleansInput() async throws {
    let output = try await format([], stdin: "um so the the plan is, you know, fine\n")
    #expect(output.status == 0)
    #expect(output.stdout == "So the plan is fine.\n")
  }

  @Test("the casual style drops the final period")
  func casualStyle() async throws {
    let output = try await format(["--style", "casual"], stdin: "let's meet on tuesday no wait wednesday\n")
    #expect(output.stdout == "Let's meet on Wednesday\n")
  }

  @Test("the very casual style writes lower-case sentence starts")
  func veryCasualStyle() async throws {
    let output = try await format(["--style", "very-casual"], stdin: "Sounds good. See you then.")
    #expect(output.stdout == "sounds good. see you then\n")
  }

  @Test("text continuing a sentence gets a leading space and a lower-case start")
  func context() async throws {
    let output = try await format(["--context", "I think"], stdin: "Maybe later.")
    #expect(output.stdout == " maybe later.\n")
  }

  @Test("the trace names each stage that changed the text on standard error")
  func trace() async throws {
    let output = try await format(["--trace"], stdin: "um hello comma world")
    #expect(output.stdout == "Hello, world.\n")
    #expect(output.stderr.contains("fillers: \"um hello comma world\" -> \"hello comma world\""))
    #expect(output.stderr.contains("spoken-punctuation: \"hello comma world\" -> \"hello, world\""))
  }

  @Test("a dictionary file adds terms and snippets")
  func dictionaryFile() async throws {
    let dir = try TemporaryDirectory("utter-format-dict")
    defer { dir.remove() }
    let file = dir.path("vocabulary.json")
    try Data(
      """
      {"dictionary": [{"term": "Kubernetes"}, {"term": "GitHub"}],
       "snippets": [{"trigger": "my calendar", "expansion": "https://cal.example.com/sam"}]}
      """.utf8
    ).write(to: file)
    let output = try await format(
      ["--dictionary-file", file.path], stdin: "deploy cooper netties from github then see my calendar")
    #expect(output.stdout == "Deploy Kubernetes from GitHub then see https://cal.example.com/sam\n")
  }

  @Test("a plain-text dictionary file lists terms and their replacements")
  func plainDictionaryFile() async throws {
    let dir = try TemporaryDirectory("utter-format-lines")
    defer { dir.remove() }
    let file = dir.path("dictionary.txt")
    try Data("# my terms\nPostgreSQL: post gress, postgres\nGitHub\n".utf8).write(to: file)
    let output = try await format(["--dictionary-file", file.path], stdin: "we moved from post gress to github")
    #expect(output.stdout == "We moved from PostgreSQL to GitHub.\n")
  }

  @Test("a missing dictionary file is one clear error line")
  func missingDictionaryFile() async throws {
    let output = try await format(["--dictionary-file", "/nonexistent/dictionary.txt"], stdin: "hello")
    #expect(output.status == 1)
    #expect(output.stderr == "utter: cannot read dictionary file /nonexistent/dictionary.txt\n")
  }

  @Test("an unknown style is one clear error line")
  func unknownStyle() async throws {
    let output = try await format(["--style", "shouty"], stdin: "hello")
    #expect(output.status == 1)
    #expect(output.stderr == "utter: unknown style 'shouty' (choose formal, casual, very-casual, verbatim)\n")
    #expect(output.stdout.isEmpty)
  }

  @Test("empty input writes an empty line")
  func emptyInput() async throws {
    let output = try await format([], stdin: "")
    #expect(output.status == 0)
    #expect(output.stdout == "\n")
  }
}
