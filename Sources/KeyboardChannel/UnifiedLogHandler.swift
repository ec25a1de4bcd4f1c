#if canImport(os)
  import Logging
  import os

  /// Sends the package modules' swift-log messages to Apple's unified log (Console, `log stream`), so that their
  /// warnings and errors are visible on a phone. Dictated text is logged only at trace level, which stays off.
  public struct UnifiedLogHandler: LogHandler {
    private let logger: os.Logger
    public var logLevel: Logging.Logger.Level = .info
    public var metadata: Logging.Logger.Metadata = [:]

    public init(subsystem: String, category: String) {
      logger = os.Logger(subsystem: subsystem, category: category)
    }

    public subscript(metadataKey key: String) -> Logging.Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    public func log(
      level: Logging.Logger.Level, message: Logging.Logger.Message, metadata: Logging.Logger.Metadata?,
      source: String, file: String, function: String, line: UInt
    ) {
      let text = message.description
      logger.log(level: Self.osLevel(level), "\(text, privacy: .public)")
    }

    static func osLevel(_ level: Logging.Logger.Level) -> OSLogType {
      switch level {
      case .trace, .debug: return .debug
      case .info, .notice: return .info
      case .warning: return .default
      case .error: return .error
      case .critical: return .fault
      }
    }

    /// Routes every swift-log logger of this process to the unified log under `subsystem` (once per process:
    /// swift-log allows a single bootstrap).
    public static func bootstrap(subsystem: String) {
      Bootstrap.subsystem = subsystem
      _ = Bootstrap.done
    }

    private enum Bootstrap {
      nonisolated(unsafe) static var subsystem = "app.utter"
      static let done: Void = {
        let subsystem = Bootstrap.subsystem
        LoggingSystem.bootstrap { label in UnifiedLogHandler(subsystem: subsystem, category: label) }
      }()
    }
  }
#endif
