import Foundation
import GRDB

extension AppDatabase {
  /// The saved settings, or the defaults when none were saved.
  public func settings() throws -> UtterSettings {
    try read { db in try Self.loadSettings(db) }
  }

  /// Saves `settings`, replacing what was stored. When the retention setting changes, history it no longer
  /// allows (all of it, when history is turned off) is deleted at once, with its audio.
  @discardableResult
  public func saveSettings(_ settings: UtterSettings) throws -> DeletionResult {
    let json = try Self.settingsJSON(settings)
    let previous = try write { db in
      let previous = try Self.loadSettings(db).retention
      try db.execute(
        sql: "INSERT OR REPLACE INTO settings (id, version, json) VALUES (1, ?, ?)",
        arguments: [UtterSettings.currentVersion, json])
      // Learning off, or history off: the corrections kept as suggestions go too.
      if !settings.learnWords || !settings.retention.keepsHistory {
        try db.execute(sql: "DELETE FROM learningCandidate WHERE NOT dismissed")
      }
      return previous
    }
    guard previous != settings.retention else { return DeletionResult(entries: 0, audioFiles: 0) }
    return try purgeExpired()
  }

  /// Changes one setting from text (as `utter settings set` does) and returns the new settings.
  @discardableResult
  public func setSetting(_ key: String, to value: String) throws -> UtterSettings {
    var settings = try settings()
    try settings.setValue(value, forKey: key)
    try saveSettings(settings)
    return settings
  }

  /// Puts every setting back to its default.
  public func resetSettings() throws {
    try write { db in try db.execute(sql: "DELETE FROM settings") }
  }

  /// Whether dictations should be stored at all (false when retention is `off`).
  public func shouldKeepHistory() throws -> Bool {
    try settings().retention.keepsHistory
  }

  static func loadSettings(_ db: Database) throws -> UtterSettings {
    guard let json = try String.fetchOne(db, sql: "SELECT json FROM settings WHERE id = 1") else {
      return UtterSettings()
    }
    return (try? JSONDecoder().decode(UtterSettings.self, from: Data(json.utf8))) ?? UtterSettings()
  }

  static func settingsJSON(_ settings: UtterSettings) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(settings), as: UTF8.self)
  }
}
