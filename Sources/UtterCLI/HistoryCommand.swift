import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "history", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'history' is not built yet") }
}
