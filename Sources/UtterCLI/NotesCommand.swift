import ArgumentParser
import Foundation
import Storage

struct NotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes", abstract: "Quick notes captured by voice.",
    subcommands: [NotesAddCommand.self, NotesListCommand.self, NotesSearchCommand.self, NotesRemoveCommand.self],
    defaultSubcommand: NotesListCommand.self)

  static func print(_ notes: [Note], json: Bool, empty: String) throws {
    if json { return try printJSON(notes) }
    if notes.isEmpty { return Swift.print(empty) }
    var table = TextTable("id", "when", "text")
    for note in notes {
      table.add(String(note.id ?? 0), StoreText.localTime(note.createdAt), StoreText.oneLine(note.text, width: 80))
    }
    table.print()
  }
}

struct NotesAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a note.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The note's text.") var text: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let note = try storeCall { try database.addNote(text) }
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
    let database = try openStore(global, applyRetention: false)
    try NotesCommand.print(
      try storeCall { try database.notes(limit: limit) }, json: json, empty: "No notes yet.")
  }
}

struct NotesSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "search", abstract: "Search notes.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "What to look for.") var text: String
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    try NotesCommand.print(
      try storeCall { try database.searchNotes(text) }, json: json, empty: "No note matches '\(text)'.")
  }
}

struct NotesRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a note.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The note's ID.") var id: Int64

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    guard try storeCall({ try database.deleteNote(id: id) }) else { throw CLIError("no note \(id)") }
    print("Deleted note \(id).")
  }
}
