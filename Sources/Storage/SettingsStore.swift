import Foundation
import GRDB

extension AppDatabase {
  /// The saved settings, or the defaults when none were saved.
  public func settings() throws -> UtterSettings {
    try read { db in try Self.loadSettings(db) }
  }

  /// Saves `settings`, replacing what was stored.
  public func saveSettings(_ settings: UtterSettings) throws {
    let json = try Self.settingsJSON(settings)
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO settings (id, version, json) VALUES (1, ?, ?)",
        arguments: [UtterSettings.currentVersion, json])
    }
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

  /// Writes the keyboard's part of the settings into the shared container `directory`, atomically.
  @discardableResult
  public func exportKeyboardSettings(to directory: URL) throws -> URL {
    try KeyboardSettings(try settings()).write(toContainer: directory)
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
