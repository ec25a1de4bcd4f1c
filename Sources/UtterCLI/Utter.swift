import ArgumentParser
import CLISupport
import Foundation
import Storage

@main
struct Utter: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "utter",
    abstract: "On-device dictation: transcribe, clean up, and hand text to the keyboard.",
    version: UtterVersion.current,
    subcommands: [
      TranscribeCommand.self, FormatCommand.self, CommandModeCommand.self,
      HistoryCommand.self, DictionaryCommand.self, SnippetsCommand.self, StylesCommand.self, NotesCommand.self,
      StatsCommand.self, SettingsCommand.self, KeysCommand.self, EnginesCommand.self,
      HostCommand.self, KeyboardCommand.self, ServeCommand.self, BenchCommand.self, VersionCommand.self,
    ]
  )

  /// Runs the command; any error, a usage error included, becomes one `utter: …` line on standard error and
  /// a non-zero exit.
  static func main() async {
    await mainReportingErrors { arguments in
      if arguments.first == "bench" { try BenchCommand.exec(Array(arguments.dropFirst())) }
      try HelpTopic.check(arguments, root: Utter.self)
    }
  }
}

/// Options every command that touches user data accepts.
struct GlobalOptions: ParsableArguments {
  @Option(name: .customLong("data-dir"), help: "User-data folder (default: $UTTER_HOME, else the platform's).")
  var dataDir: String?

  /// Refuses a data folder that exists but is not a folder, before anything is opened or created.
  func validate() throws {
    let folder = Locations.dataDirectory(override: dataDir)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw ValidationError("the data folder \(folder.path) is a file, not a folder")
    }
  }
}
