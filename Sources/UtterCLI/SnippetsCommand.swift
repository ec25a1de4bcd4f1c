import ArgumentParser
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
    let database = try openStore(global, applyRetention: false)
    let outcome = try storeCall { try database.saveSnippet(Snippet(trigger: trigger, expansion: text)) }
    print(outcome == .added ? "Added '\(trigger)'." : "Updated '\(trigger)'.")
  }
}

struct SnippetsListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List snippets.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let snippets = try storeCall { try database.snippets() }
    if json { return try printJSON(snippets) }
    if snippets.isEmpty { return print("No snippets. Add one with 'utter snippets add TRIGGER TEXT'.") }
    var table = TextTable("trigger", "expansion")
    for snippet in snippets {
      table.add(StoreText.oneLine(snippet.trigger, width: 30), StoreText.oneLine(snippet.expansion, width: 80))
    }
    table.print()
  }
}

struct SnippetsRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a snippet.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The trigger to remove (case does not matter).") var trigger: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    guard try storeCall({ try database.removeSnippet(trigger: trigger) }) else {
      throw CLIError("no snippet '\(trigger)'")
    }
    print("Removed '\(trigger)'.")
  }
}
