import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import Storage

struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Find, inspect, retry, delete, export and import past dictations.",
    subcommands: [
      HistoryListCommand.self, HistorySearchCommand.self, HistoryShowCommand.self, HistoryRetryCommand.self,
      HistoryDeleteCommand.self, HistoryExportCommand.self, HistoryImportCommand.self,
    ],
    defaultSubcommand: HistoryListCommand.self
  )
}

/// Options that narrow a listing.
struct HistoryFilterOptions: ParsableArguments {
  @Option(help: "Only entries since DATE (YYYY-MM-DD, ISO 8601, today, yesterday, or a span like 7d).")
  var since: String?
  @Option(help: "Only entries before DATE.")
  var until: String?
  @Option(help: "Only this source: keyboard, app, widget, shortcut, cli (repeatable).")
  var source: [String] = []
  @Option(help: "Only this status: complete, failed, recovered, pending (repeatable).")
  var status: [String] = []

  func filter() throws -> HistoryFilter {
    let sources = try source.map { name in
      guard let value = DictationOrigin(rawValue: name.lowercased()) else {
        throw CLIError(
          "unknown source '\(name)': use \(DictationOrigin.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return value
    }
    let statuses = try status.map { name in
      guard let value = DictationStatus(rawValue: name.lowercased()) else {
        throw CLIError(
          "unknown status '\(name)': use \(DictationStatus.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return value
    }
    return HistoryFilter(
      since: try since.map { try StoreDateInput.parse($0) }, until: try until.map { try StoreDateInput.parse($0) },
      sources: Set(sources), statuses: Set(statuses))
  }
}

struct HistoryListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the latest dictations.")
  @OptionGroup var global: GlobalOptions
  @OptionGroup var filters: HistoryFilterOptions
  @Option(parsing: .unconditional, help: "How many entries to show, 1 to 100,000.") var limit = 20

  func validate() throws { try OptionRange.check(limit, 1...100_000, option: "--limit") }
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let entries = try withStore(global) { try $0.latestHistory(limit: limit, filter: try filters.filter()) }
    try HistoryTable.print(entries, json: json, empty: "No dictations yet.")
  }
}

struct HistorySearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search dictations: words match as prefixes, \"quoted text\" as a phrase, accents are ignored.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "What to look for.") var text: String
  @OptionGroup var filters: HistoryFilterOptions
  @Option(parsing: .unconditional, help: "How many entries to show, 1 to 100,000.") var limit = 50

  func validate() throws { try OptionRange.check(limit, 1...100_000, option: "--limit") }
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let entries = try withStore(global) { try $0.searchHistory(text, filter: try filters.filter(), limit: limit) }
    try HistoryTable.print(entries, json: json, empty: "Nothing matches '\(text)'.")
  }
}

/// The one-line-per-entry listing shared by `list` and `search`.
enum HistoryTable {
  static func print(_ entries: [HistoryEntry], json: Bool, empty: String) throws {
    try printListing(entries, json: json, empty: empty, columns: "id", "when", "source", "status", "text") { entry in
      let text = entry.finalText.isEmpty ? (entry.errorMessage.map { "(\($0))" } ?? "(no text)") : entry.finalText
      return [
        String(entry.id ?? 0), StoreText.localTime(entry.createdAt), entry.origin.rawValue, entry.status.rawValue,
        StoreText.oneLine(text, width: 70),
      ]
    }
  }
}
