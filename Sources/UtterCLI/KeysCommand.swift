import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct KeysCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "keys", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'keys' is not built yet") }
}
