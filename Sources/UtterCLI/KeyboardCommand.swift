import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct KeyboardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "keyboard", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'keyboard' is not built yet") }
}
