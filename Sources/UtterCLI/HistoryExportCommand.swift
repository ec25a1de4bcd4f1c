import ArgumentParser
import CLISupport
import Foundation
import SessionChannel
import Storage

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
