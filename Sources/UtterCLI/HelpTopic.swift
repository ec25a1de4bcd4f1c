import ArgumentParser

/// `utter help COMMAND…` names commands that exist; otherwise the parser would quietly print other help.
enum HelpTopic {
  /// Throws when `arguments` ask for help on a command Utter does not have.
  static func check(_ arguments: [String]) throws {
    guard arguments.first == "help" else { return }
    var children = subcommands(of: Utter.self)
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

  private static func subcommands<Command: ParsableCommand>(of _: Command.Type) -> [any ParsableCommand.Type] {
    Command.configuration.subcommands
  }

  private static func name<Command: ParsableCommand>(of _: Command.Type) -> String {
    Command._commandName
  }
}
