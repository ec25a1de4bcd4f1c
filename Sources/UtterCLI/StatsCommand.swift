import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct StatsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "stats", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'stats' is not built yet") }
}
