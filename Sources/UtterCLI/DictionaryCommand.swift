import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct DictionaryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "dictionary", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'dictionary' is not built yet") }
}
