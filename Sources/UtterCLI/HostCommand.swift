import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct HostCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "host", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'host' is not built yet") }
}
