import ArgumentParser
import CLISupport
import Dictation
import DictationValues
import Foundation
import Storage

struct StylesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "styles",
    abstract: "Writing styles: how dictations read, where each applies, and the language each goes in.",
    subcommands: [StylesAddCommand.self, StylesListCommand.self, StylesRemoveCommand.self],
    defaultSubcommand: StylesListCommand.self)
}

struct StylesAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a style, or replace the one with the same name.",
    discussion: """
      A style applies where it is picked on the keyboard, in the fields it is used in (--use-in email,chat or an \
      app's bundle id), or everywhere when the polish-style setting names it. With --translate-to, a dictation \
      in it is inserted in that language whatever it was spoken in; --translate-to "" keeps it as spoken even \
      when the translate-to setting names a language.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The style's name, e.g. \"Team chat\".") var name: String
  @Option(help: "What it is built on: \(DictationStyle.kinds.joined(separator: ", ")).") var kind = "natural"
  @Option(help: "Instructions for polish, e.g. \"Short sentences, no greetings.\"") var prompt: String?
  @Option(name: .customLong("use-in"), help: "Kinds of field or apps it is the default for, comma-separated.")
  var useIn: String?
  @Option(
    name: .customLong("translate-to"), help: "The language its dictations go in (en, fr, pt-BR; \"\": as spoken).")
  var translateTo: String?

  func validate() throws {
    guard DictationStyle.kinds.contains(kind.lowercased()) else {
      throw ValidationError("--kind must be one of \(DictationStyle.kinds.joined(separator: ", ")), not \(kind)")
    }
  }

  func run() async throws {
    let contexts = (useIn ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let style = SavedStyle(
      name: name, kind: kind.lowercased(), prompt: prompt, defaultContexts: contexts.filter { !$0.isEmpty },
      translateTo: translateTo)
    try saveToStore(global, name: name) { try $0.saveStyle(style) }
  }
}

struct StylesListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List saved styles.")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let styles = try withStore(global, applyRetention: false) { try $0.styles() }
    try printListing(
      styles, json: json, empty: "No styles. Add one with 'utter styles add NAME --kind formal --use-in email'.",
      columns: "name", "kind", "used in", "inserted in", "prompt"
    ) { style in
      [
        StoreText.oneLine(style.name, width: 24), style.kind, style.defaultContexts.joined(separator: ", "),
        StyleSummary.languageLabel(style.translateTo), StoreText.oneLine(style.prompt ?? "", width: 50),
      ]
    }
  }
}

struct StylesRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a saved style.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The style's name (case does not matter).") var name: String

  func run() async throws {
    try removeFromStore(global, missing: "no style '\(name)'", done: "Removed '\(name)'.") {
      try $0.removeStyle(name: name)
    }
  }
}
