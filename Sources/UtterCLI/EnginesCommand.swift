import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct EnginesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "engines", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'engines' is not built yet") }
}
