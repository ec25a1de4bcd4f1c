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
