import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct CommandModeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "command", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'command' is not built yet") }
}
