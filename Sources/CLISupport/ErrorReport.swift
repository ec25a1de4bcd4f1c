import ArgumentParser
import Foundation

/// Shows any error the way git does: one `utter: …` line on standard error, with a hint to the command's help
/// for usage errors, and a non-zero exit. Help and version requests go to standard output with status 0.
package enum ErrorReport {
  package static func exit<Root: ParsableCommand>(with error: any Error, root: Root.Type) -> Never {
    if let error = error as? CLIError {
      printError("utter: \(error.message)")
      Foundation.exit(error.exitCode)
    }
    let code = Root.exitCode(for: error)
    let message = Root.message(for: error)
    if code == .success {
      if !message.isEmpty { print(message) }
      Foundation.exit(0)
    }
    if !message.isEmpty {
      let line = oneLine(message)
      let hint = helpHint(in: Root.fullMessage(for: error, columns: 10_000))
      // The words a root such as `utter bench` stands for count as typed (`utter-bench` is run without them).
      let arguments =
        Root._commandName.split(separator: " ").dropFirst().map(String.init) + CommandLine.arguments.dropFirst()
      if let hint,
        let command = HelpTopic.unknownCommandMessage(
          root: Root.self, arguments: arguments, hint: hint, message: line)
      {
        printError("utter: \(command)")
      } else {
        printError("utter: \(line)" + (hint.map { " (see '\($0)')" } ?? ""))
      }
    }
    Foundation.exit(code.rawValue)
  }

  /// The `utter … --help` command that the parser's usage text points to, if it points to one.
  package static func helpHint(in fullMessage: String) -> String? {
    for line in fullMessage.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("See '"), let end = trimmed.dropFirst(5).firstIndex(of: "'") else { continue }
      return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<end])
    }
    return nil
  }

  /// `text` on one line, starting in lower case like every other `utter:` message.
  package static func oneLine(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
    guard let first = flat.first, first.isUppercase, flat.dropFirst().first?.isUppercase != true else { return flat }
    return first.lowercased() + flat.dropFirst()
  }
}
