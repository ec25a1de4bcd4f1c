import ArgumentParser

/// `utter help COMMAND…` names commands that exist; otherwise the parser would quietly print other help.
package enum HelpTopic {
  /// Throws when `arguments` ask for help on a command Utter does not have.
  package static func check<Root: ParsableCommand>(_ arguments: [String], root: Root.Type) throws {
    guard arguments.first == "help" else { return }
    var children = subcommands(of: Root.self)
    var path = ["utter"]
    for word in arguments.dropFirst() where !word.hasPrefix("-") {
      let names = children.map { name(of: $0) }
      guard let index = names.firstIndex(of: word) else {
        let place = path.joined(separator: " ")
        throw CLIError(
          names.isEmpty
            ? "'\(place)' has no subcommands, so there is no help on '\(word)'"
            : "'\(place)' has no command '\(word)' (commands: \(names.joined(separator: ", ")))")
      }
      let chosen: any ParsableCommand.Type = children[index]
      children = subcommands(of: chosen)
      path.append(word)
    }
  }

  /// For `utter history bogus`: when the parser ran a default subcommand the user never typed and found an
  /// unexpected word, that word was meant as a command; returns the message saying so.
  package static func unknownCommandMessage<Root: ParsableCommand>(
    root: Root.Type, arguments: [String], hint: String, message: String
  ) -> String? {
    let prefix = "unexpected argument '"
    guard message.hasPrefix(prefix), message.hasSuffix("'") else { return nil }
    let word = String(message.dropFirst(prefix.count).dropLast())
    var path = hint.split(separator: " ").map(String.init)
    guard path.count >= 3, path.last == "--help" else { return nil }
    path.removeLast()
    guard let defaulted = path.last, !arguments.contains(defaulted), arguments.contains(word) else { return nil }
    path.removeLast()
    var children = subcommands(of: Root.self)
    for name in path.dropFirst() {
      guard let match = children.first(where: { self.name(of: $0) == name }) else { return nil }
      children = subcommands(of: match)
    }
    let names = children.map { self.name(of: $0) }
    return "'\(path.joined(separator: " "))' has no command '\(word)' (commands: \(names.joined(separator: ", ")))"
  }

  private static func subcommands<Command: ParsableCommand>(of _: Command.Type) -> [any ParsableCommand.Type] {
    Command.configuration.subcommands
  }

  private static func name<Command: ParsableCommand>(of _: Command.Type) -> String {
    Command._commandName
  }
}
