import Foundation

/// The keyboard's and app's colour scheme.
public enum AppearanceChoice: String, Codable, Sendable, CaseIterable {
  case system, light, dark

  /// Whether the app is drawn dark (true), light (false), or as the system is (nil).
  public var prefersDark: Bool? {
    switch self {
    case .light: false
    case .dark: true
    case .system: nil
    }
  }
}

/// How long dictation history is kept.
public enum HistoryRetention: String, Codable, Sendable, CaseIterable {
  case forever
  case thirtyDays = "30d"
  case twentyFourHours = "24h"
  /// History off: nothing is stored and audio is deleted as soon as it is transcribed.
  case off

  /// Entries older than this are purged; nil keeps them forever.
  public var maximumAge: TimeInterval? {
    switch self {
    case .forever: nil
    case .thirtyDays: 30 * 86_400
    case .twentyFourHours: 86_400
    case .off: 0
    }
  }

  /// Whether dictations are stored at all.
  public var keepsHistory: Bool { self != .off }
}
