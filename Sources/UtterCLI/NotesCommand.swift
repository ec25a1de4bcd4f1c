import ArgumentParser
import CLISupport
import Foundation
import Storage

struct NotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes", abstract: "Quick notes captured by voice.",
    subcommands: [NotesAddCommand.self, NotesListCommand.self, NotesSearchCommand.self, NotesRemoveCommand.self],
    defaultSubcommand: NotesListCommand.self)

  /// Prints `notes` as `list` and `search` show them.
  static func print(_ notes: [Note], json: Bool, empty: String) throws {
    try printListing(notes, json: json, empty: empty, columns: "id", "when", "text") { note in
      [String(note.id ?? 0), StoreText.localTime(note.createdAt), StoreText.oneLine(note.text, width: 80)]
    }
  }
}

struct NotesAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a note.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The note's text.") var text: String

  func run() async throws {
    let note = try withStore(global, applyRetention: false) { try $0.addNote(text) }
    print("Added note \(note.id ?? 0).")
  }
}

struct NotesListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, newest first.")
  @OptionGroup var global: GlobalOptions
  @Option(parsing: .unconditional, help: "How many notes to show, 1 to 100,000.") var limit = 50

  func validate() throws { try OptionRange.check(limit, 1...100_000, option: "--limit") }
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let notes = try withStore(global, applyRetention: false) { try $0.notes(limit: limit) }
    try NotesCommand.print(notes, json: json, empty: "No notes yet.")
  }
}

struct NotesSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "search", abstract: "Search notes.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "What to look for.") var text: String
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let notes = try withStore(global, applyRetention: false) { try $0.searchNotes(text) }
    try NotesCommand.print(notes, json: json, empty: "No note matches '\(text)'.")
  }
}

struct NotesRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a note.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The note's ID.") var id: Int64

  func run() async throws {
    try removeFromStore(global, missing: "no note \(id)", done: "Deleted note \(id).") { try $0.deleteNote(id: id) }
  }
}
