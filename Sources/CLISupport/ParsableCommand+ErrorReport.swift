import ArgumentParser

extension ParsableCommand {
  /// Runs the command the arguments name, after `check`; any error, a usage error included, becomes one
  /// `utter: …` line on standard error and a non-zero exit (`ErrorReport`).
  package static func mainReportingErrors(
    _ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    check: @Sendable ([String]) throws -> Void = { _ in }
  ) async {
    do {
      try check(arguments)
      var command = try parseAsRoot(arguments)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      ErrorReport.exit(with: error, root: Self.self)
    }
  }
}
