#if canImport(Observation)
  import DictationValues
  import Foundation
  import Storage
  import Observation
  import SessionChannel

  /// The app's settings over its one database: opened at launch (a damaged file is repaired, and `problem` says what
  /// happened or why history is unavailable), saved on every change, and the keyboard's part shared with the keyboard
  /// after each change of the settings or the dictionary.
  @MainActor
  @Observable
  public final class AppSettingsStore {
    /// The one database; nil only when it could not be opened (then `problem` says why).
    public let database: AppDatabase?
    /// A line for the home screen about the database: what a repair did, or why history is unavailable.
    public private(set) var problem: String?
    public private(set) var settings: UtterSettings
    /// Called after each change, saved or not, with the settings now in force.
    @ObservationIgnored public var onChange: ((UtterSettings) -> Void)?
    @ObservationIgnored private let shared: SharedFolder?
    @ObservationIgnored private let log: (String) -> Void

    /// Opens the database in `data` (dropping expired history) and shares the keyboard's part into `shared`.
    public init(data: DataFolder, shared: SharedFolder?, log: @escaping (String) -> Void = { _ in }) {
      (self.shared, self.log) = (shared, log)
      do {
        let (database, recovery) = try AppDatabase.open(at: data.root)
        self.database = database
        settings = (try? database.settings()) ?? UtterSettings()
        problem = recovery
        _ = try? database.purgeExpired()
      } catch {
        database = nil
        settings = UtterSettings()
        problem = "History is unavailable: \(UserMessage.of(error))"
      }
      shareWithKeyboard()
    }

    /// Applies `change`; returns the banner line when it is in force but could not be saved.
    @discardableResult
    public func update(_ change: (inout UtterSettings) -> Void) -> String? {
      var updated = settings
      change(&updated)
      guard updated != settings else { return nil }
      settings = updated
      var unsaved: String?
      if let database {
        do { try database.saveSettings(updated) } catch {
          unsaved = "Settings could not be saved: \(UserMessage.of(error))"
        }
      } else {
        unsaved = "Settings apply until Utter closes: its database could not be opened"
      }
      shareWithKeyboard()
      onChange?(updated)
      return unsaved
    }

    /// Writes what the keyboard reads (its settings, the dictionary's terms for suggestions and the saved styles'
    /// names for its style switch) to the App Group.
    public func shareWithKeyboard() {
      guard let shared else { return }
      do {
        try KeyboardSettings.share(
          settings, terms: (try? database?.dictionaryEntries()) ?? [], styles: (try? database?.styles()) ?? [],
          in: shared)
      } catch {
        log("keyboard settings export failed: \(error)")
      }
    }
  }
#endif
