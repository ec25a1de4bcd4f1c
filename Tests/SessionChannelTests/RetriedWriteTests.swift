import Foundation
import Logging
import SessionChannel
import Testing

@Suite("A write that keeps failing")
struct RetriedWriteTests {
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "No space left on device" }
  }

  @Test("is logged once while it fails, and once when it works again, however often it is tried")
  func loggedOnce() {
    let lines = LogLines()
    let logger = Logger(label: "test") { _ in lines }
    var writes = RetriedWrite()
    var written = 0
    for _ in 0..<20 { writes.attempt("commands.json", logger: logger) { throw DiskFull() } }
    #expect(writes.isFailing)
    for _ in 0..<3 { writes.attempt("commands.json", logger: logger) { written += 1 } }
    #expect(!writes.isFailing)
    #expect(written == 3)
    writes.attempt("commands.json", logger: logger) { throw DiskFull() }
    #expect(
      lines.values == [
        "error: cannot write commands.json: No space left on device; will retry",
        "notice: commands.json written again",
        "error: cannot write commands.json: No space left on device; will retry",
      ])
  }
}

/// Keeps every line logged to it, as `level: message`.
final class LogLines: LogHandler, @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  var values: [String] { lock.withLock { lines } }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lock.withLock { lines.append("\(event.level): \(event.message)") }
  }
}
