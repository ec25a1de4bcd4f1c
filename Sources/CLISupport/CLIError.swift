import Foundation
import Storage

/// An error shown to the user as one line, `utter: MESSAGE`, with a chosen exit code.
package struct CLIError: Error, CustomStringConvertible {
  package var message: String
  package var exitCode: Int32 = 1
  package init(_ message: String, exitCode: Int32 = 1) {
    self.message = message
    self.exitCode = exitCode
  }
  package var description: String { message }
}

/// Writes a line to standard error.
package func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Runs a store call, turning a storage failure into the CLI's one-line error.
package func storeCall<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as StorageError {
    throw CLIError(error.message)
  }
}
