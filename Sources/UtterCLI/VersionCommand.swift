import ArgumentParser

/// Utter's release, as `utter --version` and `utter version` print it.
enum UtterVersion {
  static let current = "0.1.0"
}

struct VersionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "version", abstract: "Print Utter's version.")

  func run() {
    print(UtterVersion.current)
  }
}
