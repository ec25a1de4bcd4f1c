import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct SnippetsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "snippets", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'snippets' is not built yet") }
}
