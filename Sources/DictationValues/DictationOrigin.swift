/// Who started a dictation: the keyboard (its text goes into another app's field), the containing app's own
/// button, the widget, a Shortcut, or the command line. A dictation found after a crash keeps its origin; its
/// status says it was recovered.
public enum DictationOrigin: String, Codable, Sendable, Hashable, CaseIterable {
  case keyboard, app, widget, shortcut, cli

  /// Where history says it was dictated, with the SF Symbol it shows beside it.
  public var badge: (label: String, symbol: String) {
    switch self {
    case .keyboard: ("Keyboard", "keyboard")
    case .app: ("In Utter", "app")
    case .widget: ("Widget", "square.grid.2x2")
    case .shortcut: ("Siri or Shortcut", "bolt")
    case .cli: ("Command line", "terminal")
    }
  }

  // NB: history and exports wrote `recovered` here before the status said so; those dictations were the keyboard's.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let stored = try container.decode(String.self)
    guard let origin = Self(rawValue: stored == "recovered" ? "keyboard" : stored) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown source '\(stored)'")
    }
    self = origin
  }
}
