import ArgumentParser
import CLISupport
import Foundation
import SessionChannel
import Storage

struct HistoryImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Merge a JSON export back in (nothing is duplicated).")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "A file written by 'utter history export --format json'.") var file: String
  @Flag(help: "Keep the current settings instead of the export's.") var keepSettings = false

  func run() async throws {
    let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw CLIError("cannot read \(url.path)")
    }
    let summary = try withStore(global) { try $0.importJSON(data, includeSettings: !keepSettings) }
    print(
      "Imported \(summary.historyAdded) new dictation(s), updated \(summary.historyUpdated), "
        + "skipped \(summary.historySkipped) already present; \(summary.notesAdded) note(s), "
        + "\(summary.dictionarySaved) dictionary term(s), \(summary.snippetsSaved) snippet(s), "
        + "\(summary.stylesSaved) style(s)\(summary.settingsImported ? ", settings" : "").")
  }
}
