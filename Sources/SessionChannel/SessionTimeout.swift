/// How long a flow session stays open without a dictation.
public enum SessionTimeout: Sendable, Hashable, Codable {
  case fiveMinutes
  case fifteenMinutes
  case oneHour
  case never
  case seconds(Double)

  /// Seconds until expiry, or nil for never.
  public var seconds: Double? {
    switch self {
    case .fiveMinutes: 300
    case .fifteenMinutes: 900
    case .oneHour: 3600
    case .never: nil
    case .seconds(let value): value
    }
  }

  /// A timeout of `seconds`; zero or less means never.
  public init(seconds: Double) {
    switch seconds {
    case ...0: self = .never
    case 300: self = .fiveMinutes
    case 900: self = .fifteenMinutes
    case 3600: self = .oneHour
    default: self = .seconds(seconds)
    }
  }
}
