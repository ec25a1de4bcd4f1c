/// How long a flow session (and the microphone it holds: iOS's orange dot) stays open without a dictation: the
/// user's setting (`dictation`, `5m`, `15m`, `1h`, `never`) and what the host runs by (any number of seconds, e.g.
/// `utter host --session-timeout 30`).
public enum SessionTimeout: Sendable, Hashable {
  /// The microphone is released as soon as each dictation is delivered; the next tap opens the app again.
  case afterEachDictation
  case fiveMinutes
  case fifteenMinutes
  case oneHour
  case never
  case seconds(Double)

  /// Seconds until expiry without a dictation, or nil for never.
  public var seconds: Double? {
    switch self {
    case .afterEachDictation: 60  // waits a minute for the dictation it was opened for
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
  public static let allCases: [SessionTimeout] = [.afterEachDictation, .fiveMinutes, .fifteenMinutes, .oneHour, .never]

  /// `dictation`, `5m`, `15m`, `1h`, `never`, or whole seconds as `90s`.
  public var rawValue: String {
    switch self {
    case .afterEachDictation: "dictation"
    case .fiveMinutes: "5m"
    case .fifteenMinutes: "15m"
    case .oneHour: "1h"
    case .never: "never"
    case .seconds(let value): "\(Int(value.rounded()))s"
    }
  }

  public init?(rawValue: String) {
    switch rawValue {
    case "dictation": self = .afterEachDictation
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
