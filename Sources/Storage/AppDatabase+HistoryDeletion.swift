import Foundation
import GRDB

/// What a deletion removed.
public struct DeletionResult: Sendable, Hashable {
  /// History entries deleted.
  public var entries: Int
  /// Audio files deleted with them.
  public var audioFiles: Int
}

extension AppDatabase {
  /// Deletes entry `id` and its audio file; false when there was no such entry.
  @discardableResult
  public func deleteHistory(id: Int64) throws -> Bool {
    try deleteHistory(where: "id = ?", arguments: [id]).entries > 0
  }

  /// Deletes every history entry and every audio file they refer to.
  @discardableResult
  public func deleteAllHistory() throws -> DeletionResult {
    try deleteHistory(where: "1", arguments: [])
  }

  /// Applies the retention setting: deletes entries older than it allows (all of them when history is off),
  /// with their audio files. `now` defaults to the store's clock.
  @discardableResult
  public func purgeExpired(now: Date? = nil) throws -> DeletionResult {
    let retention = try settings().retention
    guard let maximumAge = retention.maximumAge else { return DeletionResult(entries: 0, audioFiles: 0) }
    if maximumAge == 0 { return try deleteAllHistory() }
    let cutoff = (now ?? environment.now()).addingTimeInterval(-maximumAge)
    return try deleteHistory(where: "createdAt < ?", arguments: [Timestamp.column(cutoff)])
  }

  /// Deletes matching rows, then their audio, then compacts the search index and the write-ahead log so the
  /// deleted text has no copy left in the database files.
  func deleteHistory(where condition: String, arguments: StatementArguments) throws -> DeletionResult {
    let (count, audio, uuids): (Int, [String], [String]) = try write("deleting history failed") { db in
      let audio = try String.fetchAll(
        db, sql: "SELECT audioPath FROM history WHERE audioPath IS NOT NULL AND (\(condition))", arguments: arguments)
      let uuids = try String.fetchAll(db, sql: "SELECT uuid FROM history WHERE \(condition)", arguments: arguments)
      try db.execute(sql: "DELETE FROM history WHERE \(condition)", arguments: arguments)
      let count = db.changesCount
      if count > 0 {
        let remaining = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history") ?? 0
        // NB: FTS5 keeps deleted words in older index segments until they merge; rewriting the index now is
        // what makes a deletion complete. (SQLite 3.42's secure-delete option would be cheaper.)
        let command = remaining == 0 ? "rebuild" : "optimize"
        try db.execute(sql: "INSERT INTO history_ft(history_ft) VALUES ('\(command)')")
      }
      return (count, audio, uuids)
    }
    let removed = AudioFiles.remove(audio, in: audioDirectory)
    // NB: a spool left by a crash after the entry was written would otherwise come back as "recovered".
    _ = AudioFiles.remove(uuids.flatMap { ["\($0).pcm", "\($0).json"] }, in: spoolDirectory)
    if count > 0 {
      checkpoint()
      rewriteBackupAfterDeletion()
    }
    return DeletionResult(entries: count, audioFiles: removed)
  }
}
