import ArgumentParser

// Scaffolding: replaced by the module that owns this command.
struct NotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "notes", abstract: "(not built yet)")
  func run() async throws { throw CLIError("'notes' is not built yet") }
}
