import Locations
import SessionChannel

extension KeyboardConfiguration {
  /// The configuration the app shared with the keyboard (`KeyboardSettings.share(_:in:)`): its pending-result
  /// window, language and key feedback; the defaults when the app has shared none yet. Throws when the file is
  /// damaged.
  public static func shared(in folder: SharedFolder) throws -> KeyboardConfiguration {
    let settings = try KeyboardSettings.read(from: folder)
    return KeyboardConfiguration(
      pendingResultWindow: max(0, settings.pendingResultWindowSeconds),
      language: KeyboardLanguage.code(settings.language),
      keyFeedback: KeyFeedback(haptics: settings.haptics, sounds: settings.sounds))
  }
}
