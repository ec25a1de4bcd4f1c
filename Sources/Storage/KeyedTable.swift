import Foundation
import GRDB

/// A table whose rows are unique by a case- and width-insensitive key (dictionary terms, snippet triggers,
/// style names), stored in `keyColumn` as `AppDatabase.key(_:)` makes it.
struct KeyedTable {
  let name: String
  let keyColumn: String

  static let dictionary = KeyedTable(name: "dictionaryEntry", keyColumn: "termKey")
  static let snippets = KeyedTable(name: "snippet", keyColumn: "triggerKey")
  static let styles = KeyedTable(name: "style", keyColumn: "nameKey")

  /// `text` without surrounding white space, as a row keeps it; throws `emptyMessage` when nothing is left.
  static func spelling(_ text: String, orThrow emptyMessage: String) throws -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw StorageError(.invalidInput, emptyMessage) }
    return trimmed
  }

  /// Whether a row has the key of `text`.
  func contains(_ text: String, in db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT 1 FROM \(name) WHERE \(keyColumn) = ?", arguments: [AppDatabase.key(text)])
      ?? false
  }

  /// Deletes the row with the key of `text`; false when there was none.
  func delete(_ text: String, in db: Database) throws -> Bool {
    try db.execute(sql: "DELETE FROM \(name) WHERE \(keyColumn) = ?", arguments: [AppDatabase.key(text)])
    return db.changesCount > 0
  }
}
