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

/// Runs `body`, turning any failure into the CLI's one-line error, in the failure's own words.
package func oneLineError<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as CLIError {
    throw error
  } catch {
    throw CLIError("\(error)")
  }
}

/// `oneLineError` for work that waits.
package func oneLineError<T>(_ body: () async throws -> T) async throws -> T {
  do {
    return try await body()
  } catch let error as CLIError {
    throw error
  } catch {
    throw CLIError("\(error)")
  }
}

/// Runs `remove` and prints `done`; when there was nothing to remove (`remove` returns false), fails with `missing`
/// instead. A failure of `remove` is the CLI's one-line error.
package func removeReporting(missing: String, done: String, _ remove: () throws -> Bool) throws {
  guard try oneLineError(remove) else { throw CLIError(missing) }
  print(done)
}

/// Runs a store call, turning a storage failure into the CLI's one-line error.
package func storeCall<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as StorageError {
    throw CLIError(error.message)
  }
}
