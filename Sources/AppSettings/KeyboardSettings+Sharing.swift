import DictationValues
import Foundation
import SessionChannel
import Storage
import TextPipeline

extension KeyboardSettings {
  /// The keyboard's part of the user's settings, with the dictionary's `terms` for the suggestion bar (the user's
  /// own terms first, then learned ones). What the keyboard does not read (the session timeout) is not shared.
  public init(_ settings: UtterSettings, terms: [DictionaryEntry] = []) {
    self.init()
    let ordered = terms.filter { $0.origin == .manual } + terms.filter { $0.origin != .manual }
    appearance = settings.appearance.rawValue
    dictionaryTerms = Self.bounded(ordered.map(\.term))
    (haptics, sounds, autoCopy) = (settings.haptics, settings.sounds, settings.autoCopy)
    language = settings.language
    pendingResultWindowSeconds = settings.pendingOfferWindowSeconds
  }

  /// Shares the keyboard's part of `settings` and the dictionary's `terms` where the keyboard reads it
  /// (`KeyboardConfiguration.shared(in:)`), atomically; `utter settings export-keyboard` too.
  @discardableResult
  public static func share(_ settings: UtterSettings, terms: [DictionaryEntry] = [], in folder: SharedFolder) throws
    -> URL
  {
    try KeyboardSettings(settings, terms: terms).write(to: folder)
  }

  /// Shares the keyboard's part of what `database` holds: its settings and dictionary. The app calls it at launch and
  /// whenever settings or the dictionary change.
  @discardableResult
  public static func share(from database: AppDatabase, in folder: SharedFolder) throws -> URL {
    try share(try database.settings(), terms: try database.dictionaryEntries(), in: folder)
  }
}
