import DictationValues
import Foundation
import SessionChannel
import Storage
import TextPipeline

extension KeyboardSettings {
  /// The keyboard's part of the user's settings, with the dictionary's `terms` for the suggestion bar (the user's
  /// own terms first, then learned ones) and the saved `styles`' names for its style switch. What the keyboard does
  /// not read (the session timeout, a style's prompt) is not shared.
  public init(_ settings: UtterSettings, terms: [DictionaryEntry] = [], styles: [SavedStyle] = []) {
    self.init()
    let ordered = terms.filter { $0.origin == .manual } + terms.filter { $0.origin != .manual }
    appearance = settings.appearance.rawValue
    dictionaryTerms = Self.bounded(ordered.map(\.term))
    (haptics, sounds, autoCopy) = (settings.haptics, settings.sounds, settings.autoCopy)
    language = settings.language
    pendingResultWindowSeconds = settings.pendingOfferWindowSeconds
    self.styles = Self.boundedStyles(styles.map(\.name))
  }

  /// Shares the keyboard's part of `settings`, the dictionary's `terms` and the saved `styles` where the keyboard
  /// reads it (`KeyboardConfiguration.shared(in:)`), atomically; `utter settings export-keyboard` too.
  @discardableResult
  public static func share(
    _ settings: UtterSettings, terms: [DictionaryEntry] = [], styles: [SavedStyle] = [], in folder: SharedFolder
  ) throws -> URL {
    try KeyboardSettings(settings, terms: terms, styles: styles).write(to: folder)
  }

  /// Shares the keyboard's part of what `database` holds: its settings, dictionary and styles. The app calls it at
  /// launch and whenever settings, the dictionary or a style change.
  @discardableResult
  public static func share(from database: AppDatabase, in folder: SharedFolder) throws -> URL {
    try share(
      try database.settings(), terms: try database.dictionaryEntries(), styles: try database.styles(), in: folder)
  }
}
