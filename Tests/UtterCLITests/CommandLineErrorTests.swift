import Foundation
import TestSupport
import Testing

/// Runs `utter ARGS` with a data folder that does not exist yet, and reports whether it was created.
func runUntouched(_ arguments: [String]) async throws -> (output: ProcessOutput, createdData: Bool) {
  let dir = try TemporaryDirectory("utter-usage")
  defer { dir.remove() }
  let data = dir.path("data")
  let output = try await UtterBinary.run(arguments, environment: ["UTTER_HOME": data.path], timeout: 60)
  return (output, FileManager.default.fileExists(atPath: data.path))
}

@Suite("utter's usage errors, version and help")
struct CommandLineErrorTests {
  @Test(
    "a numeric option out of range is one line naming the range, exit 64, and touches nothing",
    arguments: [
      (["transcribe", "--threads", "0", "x.wav"], "--threads must be from 1 to 512, not 0", "transcribe"),
      (["transcribe", "--threads", "-2", "x.wav"], "--threads must be from 1 to 512, not -2", "transcribe"),
      (["transcribe", "--beam", "9", "x.wav"], "--beam must be from 1 to 8, not 9", "transcribe"),
      (["transcribe", "--beam", "0", "x.wav"], "--beam must be from 1 to 8, not 0", "transcribe"),
      (
        ["bench", "transcribe", "--threads", "0", "x.wav"], "--threads must be from 1 to 512, not 0", "bench transcribe"
      ),
      (["bench", "transcribe", "--beam", "9", "x.wav"], "--beam must be from 1 to 8, not 9", "bench transcribe"),
      (["bench", "format", "--count", "0"], "--count must be from 1 to 10000000, not 0", "bench format"),
      (["bench", "format", "--repeats", "-1"], "--repeats must be from 1 to 100, not -1", "bench format"),
      (["bench", "store", "--entries", "0"], "--entries must be from 1 to 10000000, not 0", "bench store"),
      (["bench", "store", "--batch", "-5"], "--batch must be from 1 to 100000, not -5", "bench store"),
      (["bench", "session", "--iterations", "0"], "--iterations must be from 1 to 100000, not 0", "bench session"),
      (["bench", "session", "--speed", "0"], "--speed must be from 0.1 to 1000, not 0", "bench session"),
      (["history", "list", "--limit", "0"], "--limit must be from 1 to 100000, not 0", "history list"),
      (["history", "search", "x", "--limit", "-3"], "--limit must be from 1 to 100000, not -3", "history search"),
      (["notes", "list", "--limit", "0"], "--limit must be from 1 to 100000, not 0", "notes list"),
      (["command", "shorter", "--timeout", "0"], "--timeout must be from 1 to 600, not 0", "command"),
    ])
  func numericRange(arguments: [String], message: String, command: String) async throws {
    let (output, createdData) = try await runUntouched(arguments)
    #expect(output.status == 64)
    #expect(output.stderr == "utter: \(message) (see 'utter \(command) --help')\n")
    #expect(output.stdout.isEmpty)
    #expect(!createdData)
  }

  @Test(
    "an unknown flag, a missing argument and an unknown command are one 'utter:' line with a hint",
    arguments: [
      (["transcribe", "--bogus", "x.wav"], "utter: unknown option '--bogus' (see 'utter transcribe --help')\n"),
      (["transcribe"], "utter: missing expected argument '<file>' (see 'utter transcribe --help')\n"),
      (["frobnicate"], "utter: unexpected argument 'frobnicate' (see 'utter --help')\n"),
    ])
  func usageError(arguments: [String], stderr: String) async throws {
    let (output, createdData) = try await runUntouched(arguments)
    #expect(output.status == 64)
    #expect(output.stderr == stderr)
    #expect(output.stdout.isEmpty)
    #expect(!createdData)
  }

  @Test("help on a command that does not exist fails instead of printing other help")
  func helpOnUnknownCommand() async throws {
    let (bogus, _) = try await runUntouched(["help", "bogus"])
    #expect(bogus.status == 1)
    #expect(bogus.stdout.isEmpty)
    #expect(bogus.stderr.hasPrefix("utter: 'utter' has no command 'bogus' (commands: transcribe, format,"))
    #expect(bogus.stderr.split(separator: "\n").count == 1)
    let (nested, _) = try await runUntouched(["help", "history", "bogus"])
    #expect(nested.status == 1)
    #expect(nested.stderr.hasPrefix("utter: 'utter history' has no command 'bogus' (commands: list, search,"))
    let (known, _) = try await runUntouched(["help", "history", "search"])
    #expect(known.status == 0)
    #expect(known.stdout.contains("USAGE: utter history search"))
  }

  @Test("'history bogus' fails with one line instead of listing history")
  func unknownHistoryCommand() async throws {
    let (output, createdData) = try await runUntouched(["history", "bogus"])
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("utter: 'utter history' has no command 'bogus' (commands: list, search, show,"))
    #expect(output.stderr.split(separator: "\n").count == 1)
    #expect(!createdData)
  }

  @Test("--version and 'version' print the version, and --help lists the version command")
  func version() async throws {
    let flag = try await UtterBinary.run(["--version"])
    #expect(flag.status == 0)
    #expect(flag.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(flag.stdout)")
    let command = try await UtterBinary.run(["version"])
    #expect(command.stdout == flag.stdout)
    let help = try await UtterBinary.run(["--help"])
    #expect(help.stdout.contains("  version "))
    #expect(help.stdout.contains("--version"))
  }

  @Test(
    "--data-dir at an ordinary file is one line, and the file is neither renamed nor changed",
    arguments: [
      ["transcribe", "/nonexistent.wav"], ["history", "list"], ["settings", "set", "haptics", "off"],
      ["dictionary", "add", "Kubernetes"], ["notes", "list"],
    ])
  func dataDirectoryIsAFile(arguments: [String]) async throws {
    let dir = try TemporaryDirectory("utter-data-file")
    defer { dir.remove() }
    let file = dir.path("t.txt")
    try Data("my shopping list\n".utf8).write(to: file)
    let output = try await UtterBinary.run(arguments + ["--data-dir", file.path], timeout: 60)
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("utter: the data folder \(file.path) is a file, not a folder"))
    #expect(output.stderr.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["t.txt"])
    #expect(try String(contentsOf: file, encoding: .utf8) == "my shopping list\n")
  }

  @Test("a file named utter.sqlite that is not a database is an error and stays as it was")
  func foreignDatabaseFile() async throws {
    let dir = try TemporaryDirectory("utter-foreign-db")
    defer { dir.remove() }
    try Data("not a database".utf8).write(to: dir.path("utter.sqlite"))
    let output = try await UtterBinary.run(["history", "list", "--data-dir", dir.url.path], timeout: 60)
    #expect(output.status == 1)
    #expect(output.stderr.contains("is not an SQLite database; it was left as it is"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["utter.sqlite"])
    #expect(try String(contentsOf: dir.path("utter.sqlite"), encoding: .utf8) == "not a database")
  }
}
