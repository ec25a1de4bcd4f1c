import Foundation
import GRDB

/// A quick note captured by voice.
public struct Note: Codable, Sendable, Identifiable, Hashable {
  public var id: Int64?
  /// A stable identifier that survives export and import.
  public var uuid = ""
  public var text: String
  public var createdAt = Date.distantPast
  public var updatedAt = Date.distantPast
  /// The dictation this note came from, if any.
  public var sourceHistoryUUID: String?
}

extension Note: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "note"

  public init(row: Row) throws {
    self.init(
      id: row["id"], uuid: row["uuid"], text: row["text"],
      createdAt: Date(timeIntervalSince1970: row["createdAt"]),
      updatedAt: Date(timeIntervalSince1970: row["updatedAt"]), sourceHistoryUUID: row["sourceHistoryUUID"])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["uuid"] = uuid
    container["text"] = text
    container["createdAt"] = Timestamp.column(createdAt)
    container["updatedAt"] = Timestamp.column(updatedAt)
    container["sourceHistoryUUID"] = sourceHistoryUUID
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

extension AppDatabase {
  /// Stores a new note and returns it with its id.
  @discardableResult
  public func addNote(_ text: String, sourceHistoryUUID: String? = nil) throws -> Note {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw StorageError(.invalidInput, "a note needs some text") }
    let now = environment.timestamp()
    var note = Note(
      uuid: environment.makeUUID().uuidString.lowercased(), text: trimmed, createdAt: now, updatedAt: now,
      sourceHistoryUUID: sourceHistoryUUID)
    try write { db in try note.insert(db) }
    return note
  }

  /// Replaces the text of note `id`.
  @discardableResult
  public func updateNote(id: Int64, text: String) throws -> Note {
    let now = environment.timestamp()
    return try write { db in
      guard var note = try Note.fetchOne(db, key: id) else { throw StorageError(.notFound, "no note \(id)") }
      note.text = text
      note.updatedAt = now
      try note.update(db)
      return note
    }
  }

  /// Notes, newest first.
  public func notes(limit: Int = 1000) throws -> [Note] {
    try read { db in
      try Note.order(Column("createdAt").desc, Column("id").desc).limit(max(0, limit)).fetchAll(db)
    }
  }

  /// Notes matching `text` (prefix words, "phrases", accents ignored), newest first.
  public func searchNotes(_ text: String, limit: Int = 100) throws -> [Note] {
    guard let pattern = FullTextQuery.pattern(for: text) else { return [] }
    return try read("searching notes failed") { db in
      try Note.fetchAll(
        db,
        sql: """
          SELECT note.* FROM note_ft CROSS JOIN note ON note.id = note_ft.rowid
          WHERE note_ft MATCH ? ORDER BY note_ft.rowid DESC LIMIT ?
          """, arguments: [pattern, max(0, limit)])
    }
  }

  /// Deletes note `id`; false when there was none.
  @discardableResult
  public func deleteNote(id: Int64) throws -> Bool {
    let deleted = try write { db in
      guard try Note.deleteOne(db, key: id) else { return false }
      try db.execute(sql: "INSERT INTO note_ft(note_ft) VALUES ('optimize')")
      return true
    }
    if deleted {
      checkpoint()
      rewriteBackupAfterDeletion()
    }
    return deleted
  }
}
