import ArgumentParser
import Foundation

@main
struct Utter: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "utter",
    abstract: "On-device dictation: transcribe, clean up, and hand text to the keyboard.",
    subcommands: [
      TranscribeCommand.self, FormatCommand.self, CommandModeCommand.self,
      HistoryCommand.self, DictionaryCommand.self, SnippetsCommand.self, NotesCommand.self,
      StatsCommand.self, SettingsCommand.self, KeysCommand.self, EnginesCommand.self,
      HostCommand.self, KeyboardCommand.self, BenchCommand.self,
    ]
  )

  /// Runs the command; any error becomes one line on standard error and a non-zero exit.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let error as CLIError {
      FileHandle.standardError.write(Data("utter: \(error.message)\n".utf8))
      Foundation.exit(error.exitCode)
    } catch {
      exit(withError: error)
    }
  }
}

/// An error shown to the user as one line, `utter: MESSAGE`, with a chosen exit code.
struct CLIError: Error, CustomStringConvertible {
  var message: String
  var exitCode: Int32 = 1
  init(_ message: String, exitCode: Int32 = 1) {
    self.message = message
    self.exitCode = exitCode
  }
  var description: String { message }
}

/// Options every command that touches user data accepts.
struct GlobalOptions: ParsableArguments {
  @Option(name: .customLong("data-dir"), help: "User-data folder (default: $UTTER_HOME, else the platform's).")
  var dataDir: String?
}

/// Writes a line to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
