import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import Storage
import TextPipeline

struct SnippetsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snippets", abstract: "Spoken triggers that expand to stored text.",
    subcommands: [SnippetsAddCommand.self, SnippetsListCommand.self, SnippetsRemoveCommand.self],
    defaultSubcommand: SnippetsListCommand.self)
}

struct SnippetsAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a snippet, or replace the one with the same trigger.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "What you say, e.g. \"my calendar\".") var trigger: String
  @Argument(help: "What is written instead.") var text: String

  func run() async throws {
    try saveToStore(global, name: trigger) { try $0.saveSnippet(Snippet(trigger: trigger, expansion: text)) }
  }
}

struct SnippetsListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List snippets.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let snippets = try withStore(global, applyRetention: false) { try $0.snippets() }
    try printListing(
      snippets, json: json, empty: "No snippets. Add one with 'utter snippets add TRIGGER TEXT'.",
      columns: "trigger", "expansion"
    ) { [StoreText.oneLine($0.trigger, width: 30), StoreText.oneLine($0.expansion, width: 80)] }
  }
}

struct SnippetsRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a snippet.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The trigger to remove (case does not matter).") var trigger: String

  func run() async throws {
    try removeFromStore(global, missing: "no snippet '\(trigger)'", done: "Removed '\(trigger)'.") {
      try $0.removeSnippet(trigger: trigger)
    }
  }
}
