import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct BenchSessionCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "session", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'session' is not built yet") }
}
