import ArgumentParser
import Foundation
import SessionChannel
import Storage

struct HistoryDeleteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete a dictation (or all of them) and its audio, for good.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The entry's ID.") var id: Int64?
  @Flag(help: "Delete every dictation and all kept audio.") var all = false

  func validate() throws {
    if all == (id != nil) { throw ValidationError("give an entry ID or --all") }
  }

  func run() async throws {
    let database = try openStore(global)
    if all {
      let result = try storeCall { try database.deleteAllHistory() }
      print("Deleted \(result.entries) dictation(s) and \(result.audioFiles) audio file(s).")
    } else if let id {
      guard try storeCall({ try database.deleteHistory(id: id) }) else { throw CLIError("no history entry \(id)") }
      print("Deleted entry \(id).")
    }
  }
}

struct HistoryExportCommand: AsyncParsableCommand {
  enum Format: String, ExpressibleByArgument, CaseIterable { case json, markdown }

  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export everything (JSON: history, notes, dictionary, snippets, styles, settings) or history as Markdown."
  )
  @OptionGroup var global: GlobalOptions
  @Option(help: "json or markdown.") var format: Format = .json
  @Option(help: "Write to FILE instead of standard output.") var output: String?

  func run() async throws {
    let data: Data = try withStore(global) { database in
      switch format {
      case .json: return try database.exportArchive().jsonData()
      case .markdown: return Data(try database.exportMarkdown().utf8)
      }
    }
    guard let output else {
      FileHandle.standardOutput.write(data)
      FileHandle.standardOutput.write(Data("\n".utf8))
      return
    }
    let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
    do {
      // An export holds every dictation: owner-only, written in one step, never through a link.
      try AtomicFile.write(data, to: url)
    } catch {
      throw CLIError("cannot write \(url.path): \(error)")
    }
    printError("Exported to \(url.path).")
  }
}

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
