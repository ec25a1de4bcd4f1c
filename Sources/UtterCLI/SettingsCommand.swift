import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct SettingsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "settings", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'settings' is not built yet") }
}
