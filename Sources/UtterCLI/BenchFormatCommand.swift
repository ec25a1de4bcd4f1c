import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct BenchFormatCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "format", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'format' is not built yet") }
}
