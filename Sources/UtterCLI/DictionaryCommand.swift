import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import Storage
import TextPipeline

struct DictionaryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dictionary", abstract: "Words and names written your way (applied by the text pipeline).",
    discussion: """
      Utter also learns terms from the corrections you make to dictated text: a correction made twice (or confirmed \
      once) becomes a learned term. 'settings set learn-words off' turns learning off.
      """,
    subcommands: [
      DictionaryAddCommand.self, DictionaryListCommand.self, DictionaryRemoveCommand.self,
      DictionarySuggestionsCommand.self, DictionaryConfirmCommand.self, DictionaryForgetCommand.self,
    ],
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
    try saveToStore(global, name: term) {
      try $0.saveDictionaryEntry(DictionaryEntry(term: term, replacements: replacements, matchBySound: !noSoundMatch))
    }
  }
}

struct DictionaryListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List dictionary terms.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let entries = try withStore(global, applyRetention: false) { try $0.dictionaryEntries() }
    try printListing(
      entries, json: json, empty: "The dictionary is empty. Add a term with 'utter dictionary add TERM'.",
      columns: "term", "origin", "match", "replaces"
    ) { entry in
      [
        entry.term, entry.origin == .learned ? "learned" : "added",
        entry.matchBySound ? "by sound" : "exact forms only", entry.replacements.joined(separator: ", "),
      ]
    }
  }
}

struct DictionaryRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a term.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The term to remove (case does not matter).") var term: String

  func run() async throws {
    try removeFromStore(global, missing: "'\(term)' is not in the dictionary", done: "Removed '\(term)'.") {
      try $0.removeDictionaryEntry(term: term)
    }
  }
}

struct DictionarySuggestionsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggestions",
    abstract: "List corrections Utter may learn (made once, not yet learned), and those it will not, with why.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let candidates = try storeCall { try database.learningCandidates() }
    try printListing(
      candidates, json: json,
      empty: (try? database.learnsWords()) ?? true
        ? "No suggestions. Correct a dictated word twice and Utter learns it."
        : "No suggestions: learning is off ('utter settings set learn-words on').",
      columns: "heard", "becomes", "why", "seen"
    ) { candidate in
      let rule = candidate.kind == .notLearned ? "not learned" : candidate.replacesHeard ? "rewrites" : "audio-checked"
      let why = candidate.evidence.isEmpty ? rule : "\(rule): \(candidate.evidence)"
      return [candidate.heard, candidate.corrected, why, "\(candidate.count)×"]
    }
  }
}

struct DictionaryConfirmCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "confirm", abstract: "Learn a suggested term now, without waiting for a second correction.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The suggested term (case does not matter).") var term: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    guard try storeCall({ try database.learnsWords() }) else {
      throw CLIError("learning is off; turn it on with 'utter settings set learn-words on'")
    }
    guard let entry = try storeCall({ try database.confirmLearning(term: term) }) else {
      throw CLIError("'\(term)' is not a suggestion (see 'utter dictionary suggestions')")
    }
    print("Learned '\(entry.term)'.")
  }
}

struct DictionaryForgetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forget", abstract: "Undo a learned term or a suggestion; Utter will not learn it again.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The learned or suggested term (case does not matter).") var term: String

  func run() async throws {
    try removeFromStore(
      global, missing: "'\(term)' was not learned or suggested (terms you added: 'utter dictionary remove')",
      done: "Forgot '\(term)'; it will not be learned again."
    ) { try $0.forgetLearned(term: term) }
  }
}
