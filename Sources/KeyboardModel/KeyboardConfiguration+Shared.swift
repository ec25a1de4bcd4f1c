import KeyboardChannel

extension KeyboardConfiguration {
  /// The configuration the app shared with the keyboard (`KeyboardSettings.share(_:terms:in:)`): its pending-result
  /// window, language, key feedback, appearance and dictionary terms; the defaults when the app has shared none yet.
  /// Throws when the file is damaged.
  public static func shared(in folder: SharedFolder) throws -> KeyboardConfiguration {
    let settings = try KeyboardSettings.read(from: folder)
    var configuration = KeyboardConfiguration()
    configuration.pendingResultWindow = max(0, settings.pendingResultWindowSeconds)
    configuration.language = KeyboardLanguage.code(settings.language)
    configuration.keyFeedback = KeyFeedback(haptics: settings.haptics, sounds: settings.sounds)
    configuration.appearance = KeyboardAppearance(rawValue: settings.appearance) ?? .system
    configuration.dictionaryTerms = settings.dictionaryTerms
    return configuration
  }
}
