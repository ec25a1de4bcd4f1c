import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct TranscribeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "transcribe", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'transcribe' is not built yet") }
}
