import DictationValues
import Foundation
import GRDB

/// What an import changed.
public struct ImportSummary: Sendable, Hashable, Codable {
  public var historyAdded = 0
  /// Entries already present whose imported copy was newer.
  public var historyUpdated = 0
  /// Entries already present and up to date (or skipped because history is off).
  public var historySkipped = 0
  public var notesAdded = 0
  public var notesSkipped = 0
  public var dictionarySaved = 0
  public var snippetsSaved = 0
  public var stylesSaved = 0
  public var settingsImported = false

  public init() {}
}

extension AppDatabase {
  /// Everything in the store, history and notes oldest first.
  public func exportArchive() throws -> StoreArchive {
    let exportedAt = environment.timestamp()
    return try read("exporting failed") { db in
      StoreArchive(
        exportedAt: exportedAt,
        history: try HistoryEntry.order(Column("id")).fetchAll(db),
        notes: try Note.order(Column("id")).fetchAll(db),
        dictionary: try Row.fetchAll(db, sql: "SELECT * FROM dictionaryEntry ORDER BY id").map(Self.dictionaryEntry),
        snippets: try Row.fetchAll(db, sql: "SELECT * FROM snippet ORDER BY id").map {
          Snippet(trigger: $0["trigger"], expansion: $0["expansion"])
        },
        styles: try Self.fetchStyles(db),
        settings: try Self.loadSettings(db))
    }
  }

  /// Merges `archive` into the store in one transaction: history and notes by uuid (a newer imported copy
  /// replaces an older one, nothing is duplicated), dictionary, snippets and styles by name; settings replaced
  /// when `includeSettings`. Row ids are kept when free, so an import into an empty store is an exact copy.
  @discardableResult
  public func importArchive(_ archive: StoreArchive, includeSettings: Bool = true) throws -> ImportSummary {
    let now = Timestamp.column(environment.now())
    var summary = ImportSummary()
    try write("importing failed") { db in
      let keepsHistory = try Self.loadSettings(db).retention.keepsHistory
      for entry in archive.history {
        guard keepsHistory else {
          summary.historySkipped += 1
          continue
        }
        try Self.merge(db, entry, into: &summary, makeUUID: environment.makeUUID)
      }
      for note in archive.notes {
        var note = note
        if note.uuid.isEmpty { note.uuid = environment.makeUUID().uuidString.lowercased() }
        if try Note.filter(Column("uuid") == note.uuid).fetchCount(db) > 0 {
          summary.notesSkipped += 1
          continue
        }
        if let id = note.id, try Note.exists(db, key: id) { note.id = nil }
        try note.insert(db)
        summary.notesAdded += 1
      }
      for entry in archive.dictionary {
        _ = try Self.upsertDictionaryEntry(db, entry, now: now)
        summary.dictionarySaved += 1
      }
      for snippet in archive.snippets {
        _ = try Self.upsertSnippet(db, snippet, now: now)
        summary.snippetsSaved += 1
      }
      for style in archive.styles {
        _ = try Self.upsertStyle(db, style)
        summary.stylesSaved += 1
      }
      if includeSettings {
        try db.execute(
          sql: "INSERT OR REPLACE INTO settings (id, version, json) VALUES (1, ?, ?)",
          arguments: [UtterSettings.currentVersion, try Self.settingsJSON(archive.settings)])
        summary.settingsImported = true
      }
    }
    return summary
  }

  /// Reads JSON written by `exportArchive().jsonData()` and merges it.
  @discardableResult
  public func importJSON(_ data: Data, includeSettings: Bool = true) throws -> ImportSummary {
    try importArchive(try StoreArchive.decode(data), includeSettings: includeSettings)
  }

  static func merge(
    _ db: Database, _ imported: HistoryEntry, into summary: inout ImportSummary, makeUUID: () -> UUID
  ) throws {
    var entry = imported
    if entry.uuid.isEmpty { entry.uuid = makeUUID().uuidString.lowercased() }
    if let existing = try HistoryEntry.filter(Column("uuid") == entry.uuid).fetchOne(db) {
      guard Timestamp.milliseconds(entry.updatedAt) > Timestamp.milliseconds(existing.updatedAt) else {
        summary.historySkipped += 1
        return
      }
      entry.id = existing.id
      try entry.update(db)
      summary.historyUpdated += 1
      return
    }
    if let id = entry.id, try HistoryEntry.exists(db, key: id) { entry.id = nil }
    try entry.insert(db)
    summary.historyAdded += 1
  }

  static func dictionaryEntry(_ row: Row) -> DictionaryEntry {
    let json: String = row["replacements"]
    let replacements = (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    let origin = DictionaryEntry.Origin(rawValue: row["origin"] ?? "") ?? .manual
    return DictionaryEntry(
      term: row["term"], replacements: replacements, matchBySound: row["matchBySound"], origin: origin)
  }
}
