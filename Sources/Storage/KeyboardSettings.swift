import Foundation
import SessionChannel

extension KeyboardSettings {
  /// The keyboard's view of `settings`.
  public init(_ settings: UtterSettings) {
    self.init(
      appearance: settings.appearance.rawValue, sessionTimeoutSeconds: settings.sessionTimeout.seconds ?? 0,
      haptics: settings.haptics, sounds: settings.sounds, language: settings.language,
      pendingResultWindowSeconds: settings.pendingOfferWindowSeconds)
  }
}
