/// How long a flow session stays open without a dictation: the user's setting (`5m`, `15m`, `1h`, `never`) and
/// what the host runs by (any number of seconds, e.g. `utter host --session-timeout 30`).
public enum SessionTimeout: Sendable, Hashable {
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

extension SessionTimeout: RawRepresentable, Codable, CaseIterable {
  /// The choices Settings offers.
  public static let allCases: [SessionTimeout] = [.fiveMinutes, .fifteenMinutes, .oneHour, .never]

  /// `5m`, `15m`, `1h`, `never`, or whole seconds as `90s`.
  public var rawValue: String {
    switch self {
    case .fiveMinutes: "5m"
    case .fifteenMinutes: "15m"
    case .oneHour: "1h"
    case .never: "never"
    case .seconds(let value): "\(Int(value.rounded()))s"
    }
  }

  public init?(rawValue: String) {
    switch rawValue {
    case "5m": self = .fiveMinutes
    case "15m": self = .fifteenMinutes
    case "1h": self = .oneHour
    case "never": self = .never
    default:
      guard rawValue.hasSuffix("s"), let seconds = Double(rawValue.dropLast()), seconds > 0 else { return nil }
      self.init(seconds: seconds)
    }
  }
}
