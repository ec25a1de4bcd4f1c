import Storage

extension AppearanceChoice {
  /// Whether the app is drawn dark (true), light (false), or as the system is (nil).
  public var prefersDark: Bool? {
    switch self {
    case .light: false
    case .dark: true
    case .system: nil
    }
  }
}
