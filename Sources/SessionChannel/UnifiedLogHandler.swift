#if canImport(os)
  import Logging
  import os

  /// Sends swift-log messages to Apple's unified log; dictated text is logged only at trace level, which stays off.
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

    public func log(event: LogEvent) {
      let text = event.message.description
      logger.log(level: Self.osLevel(event.level), "\(text, privacy: .public)")
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

    /// Routes every swift-log logger of this process to the unified log (once: swift-log allows one bootstrap).
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
