import ArgumentParser
import Foundation
import Storage
import TextPipeline

struct DictionaryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dictionary", abstract: "Words and names written your way (applied by the text pipeline).",
    subcommands: [DictionaryAddCommand.self, DictionaryListCommand.self, DictionaryRemoveCommand.self],
    defaultSubcommand: DictionaryListCommand.self)
}

struct DictionaryAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a term, or replace the term with the same spelling.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The spelling you want, e.g. Kubernetes.") var term: String
  @Option(name: .customLong("replace"), help: "A spoken or mis-heard form that becomes TERM (repeatable).")
  var replacements: [String] = []
  @Flag(help: "Only replace the listed forms, never words that merely sound like TERM.") var noSoundMatch = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let outcome = try storeCall {
      try database.saveDictionaryEntry(
        DictionaryEntry(term: term, replacements: replacements, matchBySound: !noSoundMatch))
    }
    print(outcome == .added ? "Added '\(term)'." : "Updated '\(term)'.")
  }
}

struct DictionaryListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List dictionary terms.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let entries = try storeCall { try database.dictionaryEntries() }
    if json { return try printJSON(entries) }
    if entries.isEmpty { return print("The dictionary is empty. Add a term with 'utter dictionary add TERM'.") }
    var table = TextTable("term", "match", "replaces")
    for entry in entries {
      table.add(
        entry.term, entry.matchBySound ? "by sound" : "exact forms only", entry.replacements.joined(separator: ", "))
    }
    table.print()
  }
}

struct DictionaryRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a term.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The term to remove (case does not matter).") var term: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    guard try storeCall({ try database.removeDictionaryEntry(term: term) }) else {
      throw CLIError("'\(term)' is not in the dictionary")
    }
    print("Removed '\(term)'.")
  }
}
