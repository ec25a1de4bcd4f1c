import Foundation
import GRDB

/// The database schema, built by migrations that only ever append.
enum StoreSchema {
  /// The first schema: every table and its full-text index.
  static let initialMigration = "v1-tables"
  /// Adds each dictation's word count (backfilled) and the indexes that stats and filters use.
  static let wordCountMigration = "v2-word-count"
  /// Marks each dictionary term's origin (added or learned) and keeps the corrections Utter may learn from.
  static let learnedWordsMigration = "v3-learned-words"
  /// Keeps why a correction counts as a recognition error, and the words heard around it.
  static let learningEvidenceMigration = "v4-learning-evidence"
  /// Keeps each dictation's field in its own columns (keyboard type, content type, app, language, style) instead of
  /// one string, and its origin apart from its status.
  static let historyFieldMigration = "v5-history-field"
  /// Lets a saved style insert its dictations in a language of its own (`translateTo`; NULL: as the settings say).
  static let styleLanguageMigration = "v6-style-language"

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(initialMigration) { db in
      try createTables(db)
    }
    migrator.registerMigration(wordCountMigration) { db in
      try addWordCount(db)
    }
    migrator.registerMigration(learnedWordsMigration) { db in
      try addLearnedWords(db)
    }
    migrator.registerMigration(learningEvidenceMigration) { db in
      try db.alter(table: "learningCandidate") { t in
        t.add(column: "evidence", .text).notNull().defaults(to: "")
        // The words heard next to the corrected ones, space-separated.
        t.add(column: "context", .text).notNull().defaults(to: "")
      }
    }
    migrator.registerMigration(historyFieldMigration) { db in
      try splitHistoryField(db)
    }
    migrator.registerMigration(styleLanguageMigration) { db in
      try db.alter(table: "style") { t in t.add(column: "translateTo", .text) }
    }
    return migrator
  }

  static func createTables(_ db: Database) throws {
    try db.create(table: "history") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("uuid", .text).notNull().unique()
      t.column("rawText", .text).notNull().defaults(to: "")
      t.column("finalText", .text).notNull().defaults(to: "")
      t.column("trace", .text).notNull().defaults(to: "[]")
      t.column("engine", .text).notNull().defaults(to: "")
      t.column("model", .text).notNull().defaults(to: "")
      t.column("language", .text).notNull().defaults(to: "")
      t.column("audioSeconds", .double).notNull().defaults(to: 0)
      t.column("processingSeconds", .double).notNull().defaults(to: 0)
      t.column("source", .text).notNull()
      t.column("context", .text)
      t.column("status", .text).notNull()
      t.column("errorMessage", .text)
      t.column("audioPath", .text)
      t.column("createdAt", .double).notNull().indexed()
      t.column("updatedAt", .double).notNull()
      t.column("delivered", .boolean).notNull().defaults(to: false)
    }
    try createSearchIndex(db, for: "history", column: "finalText")
    try db.create(table: "note") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("uuid", .text).notNull().unique()
      t.column("text", .text).notNull()
      t.column("createdAt", .double).notNull().indexed()
      t.column("updatedAt", .double).notNull()
      t.column("sourceHistoryUUID", .text)
    }
    try createSearchIndex(db, for: "note", column: "text")
    try db.create(table: "dictionaryEntry") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("term", .text).notNull()
      t.column("termKey", .text).notNull().unique()
      t.column("replacements", .text).notNull().defaults(to: "[]")
      t.column("matchBySound", .boolean).notNull().defaults(to: true)
      t.column("createdAt", .double).notNull()
    }
    try db.create(table: "snippet") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("trigger", .text).notNull()
      t.column("triggerKey", .text).notNull().unique()
      t.column("expansion", .text).notNull()
      t.column("createdAt", .double).notNull()
    }
    try db.create(table: "style") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("name", .text).notNull()
      t.column("nameKey", .text).notNull().unique()
      t.column("kind", .text).notNull()
      t.column("prompt", .text)
      t.column("defaultContexts", .text).notNull().defaults(to: "[]")
    }
    try db.create(table: "settings") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("version", .integer).notNull()
      t.column("json", .text).notNull()
    }
  }

  /// The full-text index `{table}_ft` of `column`, kept in step with `table`; accents are ignored.
  static func createSearchIndex(_ db: Database, for table: String, column: String) throws {
    try db.create(virtualTable: "\(table)_ft", using: FTS5()) { t in
      t.synchronize(withTable: table)
      t.tokenizer = .unicode61(diacritics: .remove)
      t.column(column)
    }
  }

  static func addWordCount(_ db: Database) throws {
    try db.alter(table: "history") { t in
      t.add(column: "wordCount", .integer).notNull().defaults(to: 0)
    }
    let rows = try Row.fetchCursor(db, sql: "SELECT id, finalText FROM history")
    let update = try db.makeStatement(sql: "UPDATE history SET wordCount = ? WHERE id = ?")
    while let row = try rows.next() {
      let text: String = row["finalText"]
      let id: Int64 = row["id"]
      try update.execute(arguments: [WordCount.of(text), id])
    }
    try db.create(index: "history_on_status_createdAt", on: "history", columns: ["status", "createdAt"])
    try db.create(index: "history_on_source_createdAt", on: "history", columns: ["source", "createdAt"])
    try db.execute(sql: "CREATE INDEX history_with_audio ON history(createdAt) WHERE audioPath IS NOT NULL")
  }
}

extension StoreSchema {
  static func addLearnedWords(_ db: Database) throws {
    try db.alter(table: "dictionaryEntry") { t in
      t.add(column: "origin", .text).notNull().defaults(to: "manual")
    }
    // One row per heard → corrected pair: how often the user made it, and whether they dismissed it.
    try db.create(table: "learningCandidate") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("heard", .text).notNull()
      t.column("heardKey", .text).notNull()
      t.column("corrected", .text).notNull()
      t.column("correctedKey", .text).notNull().indexed()
      t.column("kind", .text).notNull()
      t.column("replacesHeard", .boolean).notNull()
      t.column("count", .integer).notNull().defaults(to: 0)
      t.column("dismissed", .boolean).notNull().defaults(to: false)
      t.column("firstSeen", .double).notNull()
      t.column("lastSeen", .double).notNull()
      t.uniqueKey(["heardKey", "correctedKey"])
    }
  }
}

extension StoreSchema {
  /// `UIKeyboardType`'s names that are no `UITextContentType` (`emailAddress` and `URL` are both): a flattened
  /// `context` (the content type, else the keyboard type) holding one of these was the keyboard type.
  static let keyboardTypeNames = [
    "default", "asciiCapable", "numbersAndPunctuation", "numberPad", "phonePad", "namePhonePad", "decimalPad",
    "twitter", "webSearch", "asciiCapableNumberPad",
  ]

  /// The field's parts get their own columns, filled from the old `context`, which goes; a `recovered` source was
  /// the keyboard's (the status says it was recovered).
  static func splitHistoryField(_ db: Database) throws {
    try db.alter(table: "history") { t in
      for column in ["keyboardType", "contentType", "appBundleID", "fieldLanguage", "style"] {
        t.add(column: column, .text)
      }
    }
    let names = keyboardTypeNames.map { "'\($0)'" }.joined(separator: ", ")
    try db.execute(
      sql: """
        UPDATE history SET keyboardType = CASE WHEN context IN (\(names)) THEN context END,
          contentType = CASE WHEN context IN (\(names)) THEN NULL ELSE NULLIF(context, '') END;
        UPDATE history SET source = 'keyboard' WHERE source = 'recovered';
        """)
    try db.alter(table: "history") { t in t.drop(column: "context") }
  }
}

/// Counts the words a user dictated: whitespace-separated chunks holding a letter or a digit.
public enum WordCount {
  /// The number of words in `text`.
  public static func of(_ text: String) -> Int {
    var count = 0
    var inWord = false
    for character in text {
      if character.isWhitespace {
        inWord = false
      } else if !inWord && (character.isLetter || character.isNumber) {
        inWord = true
        count += 1
      }
    }
    return count
  }
}
