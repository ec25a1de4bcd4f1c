import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct BenchStoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "store", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'store' is not built yet") }
}
