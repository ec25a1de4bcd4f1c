import Dispatch
import Foundation
import Logging

/// Loggers for the session commands: standard error, level from `UTTER_LOG` (default `info`).
package enum SessionLogging {
  package static func logger(_ label: String) -> Logger {
    var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
    let level = ProcessInfo.processInfo.environment["UTTER_LOG"].flatMap(Logger.Level.init(rawValue:))
    logger.logLevel = level ?? .info
    return logger
  }
}

/// Signal handling for the long-running session commands.
package enum SessionSignals {
  /// Routes SIGTERM, SIGINT, SIGUSR1, SIGUSR2 and SIGHUP to `handler` (on a background queue).
  package static func install(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }
}
