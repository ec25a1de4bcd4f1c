import Foundation
import Locations
import SessionChannel
import Storage

extension KeyboardSettings {
  /// The keyboard's part of the user's settings.
  public init(_ settings: UtterSettings) {
    self.init(
      appearance: settings.appearance.rawValue, sessionTimeoutSeconds: settings.sessionTimeout.seconds ?? 0,
      haptics: settings.haptics, sounds: settings.sounds, language: settings.language,
      pendingResultWindowSeconds: settings.pendingOfferWindowSeconds)
  }

  /// Shares the keyboard's part of `settings` where the keyboard reads it (`KeyboardConfiguration.shared(in:)`),
  /// atomically; the app calls it at launch and whenever settings change, `utter settings export-keyboard` too.
  @discardableResult
  public static func share(_ settings: UtterSettings, in folder: SharedFolder) throws -> URL {
    try KeyboardSettings(settings).write(to: folder)
  }
}
