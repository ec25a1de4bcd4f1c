import DictationValues
import Foundation
import GRDB

extension AppDatabase {
  /// Stores a new dictation (filling an empty uuid and timestamps) and returns it with its id.
  ///
  /// Respects the user's choices: with history off nothing is stored, the audio file is deleted at once and the
  /// entry comes back with a nil id; with `keep-audio` off a finished dictation's audio is deleted.
  @discardableResult
  public func insertHistory(_ entry: HistoryEntry) throws -> HistoryEntry {
    try insertHistory([entry])[0]
  }

  /// Stores many dictations in one transaction (import, benchmarks); same rules as `insertHistory(_:)`.
  @discardableResult
  public func insertHistory(_ entries: [HistoryEntry]) throws -> [HistoryEntry] {
    var prepared = entries.map(preparedForInsert)
    var discardedAudio: [String] = []
    try write { db in
      let settings = try Self.loadSettings(db)
      for index in prepared.indices {
        if let path = prepared[index].audioPath, Self.dropsAudio(prepared[index], settings) {
          discardedAudio.append(path)
          prepared[index].audioPath = nil
        }
        guard settings.retention.keepsHistory else { continue }
        try prepared[index].insert(db)
      }
    }
    AudioFiles.remove(discardedAudio, in: audioDirectory)
    return prepared
  }

  /// Saves changes to a stored entry (matched by id, else uuid), stamping `updatedAt`. When its audio path is
  /// cleared or changed, the old audio file is deleted.
  @discardableResult
  public func updateHistory(_ entry: HistoryEntry) throws -> HistoryEntry {
    var entry = entry
    entry.updatedAt = environment.timestamp()
    let oldAudio: String? = try write { db in
      guard let stored = try Self.storedEntry(db, id: entry.id, uuid: entry.uuid) else {
        throw StorageError.noHistoryEntry(entry.id.map(String.init) ?? entry.uuid)
      }
      entry.id = stored.id
      entry.uuid = stored.uuid
      try entry.update(db)
      return stored.audioPath != entry.audioPath ? stored.audioPath : nil
    }
    if let oldAudio { AudioFiles.remove([oldAudio], in: audioDirectory) }
    return entry
  }

  /// Records that the dictation `uuid` reached its target field; false when no such entry is stored.
  @discardableResult
  public func markDelivered(uuid: String) throws -> Bool {
    let now = Timestamp.column(environment.now())
    return try write { db in
      try db.execute(
        sql: "UPDATE history SET delivered = 1, updatedAt = ? WHERE uuid = ?", arguments: [now, uuid])
      return db.changesCount > 0
    }
  }

  /// Marks a dictation cancelled by its user after it was recorded (never inserted); false when it is not there.
  @discardableResult
  public func markCancelled(uuid: String) throws -> Bool {
    let now = Timestamp.column(environment.now())
    return try write { db in
      try db.execute(
        sql: "UPDATE history SET status = ?, delivered = 0, updatedAt = ? WHERE uuid = ?",
        arguments: [DictationStatus.cancelled.rawValue, now, uuid])
      return db.changesCount > 0
    }
  }

  /// The newest entries first, optionally filtered.
  public func latestHistory(limit: Int, filter: HistoryFilter = .all) throws -> [HistoryEntry] {
    let conditions = filter.sqlConditions()
    let whereClause = conditions.sql.isEmpty ? "" : "WHERE " + conditions.sql.joined(separator: " AND ")
    return try read { db in
      try HistoryEntry.fetchAll(
        db, sql: "SELECT * FROM history \(whereClause) ORDER BY createdAt DESC, id DESC LIMIT ?",
        arguments: conditions.arguments + [max(0, limit)])
    }
  }

  /// Entries whose text matches `text` (every word as a prefix, "quoted phrases" exactly, accents ignored),
  /// most recently recorded first. Empty text lists the latest entries; text with no word finds nothing.
  public func searchHistory(_ text: String, filter: HistoryFilter = .all, limit: Int) throws -> [HistoryEntry] {
    guard let pattern = FullTextQuery.pattern(for: text) else {
      return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        ? try latestHistory(limit: limit, filter: filter) : []
    }
    let conditions = filter.sqlConditions()
    let extra = conditions.sql.map { " AND " + $0 }.joined()
    return try read("searching history failed") { db in
      // NB: the index is walked newest row first; a date range becomes an exact row-id range (the smallest id
      // created since, the largest created before), so a narrow window does not scan every older match.
      var bounds = ""
      var boundArguments = StatementArguments()
      for (aggregate, comparison, date, bound) in [
        ("MIN", ">=", filter.since, ">="), ("MAX", "<", filter.until, "<="),
      ] {
        guard let date else { continue }
        guard
          let id = try Int64.fetchOne(
            db,
            sql: "SELECT \(aggregate)(id) FROM history INDEXED BY history_on_createdAt WHERE createdAt \(comparison) ?",
            arguments: [Timestamp.column(date)])
        else { return [] }
        bounds += " AND history_ft.rowid \(bound) ?"
        boundArguments += [id]
      }
      return try HistoryEntry.fetchAll(
        db,
        sql: """
          SELECT history.* FROM history_ft CROSS JOIN history ON history.id = history_ft.rowid
          WHERE history_ft MATCH ?\(bounds)\(extra) ORDER BY history_ft.rowid DESC LIMIT ?
          """,
        arguments: [pattern] + boundArguments + conditions.arguments + [max(0, limit)])
    }
  }

  /// The entry with row id `id`.
  public func historyEntry(id: Int64) throws -> HistoryEntry? {
    try read { db in try HistoryEntry.fetchOne(db, key: id) }
  }

  /// The entry with row id `id`; none is `StorageError.noHistoryEntry`.
  public func existingHistoryEntry(id: Int64) throws -> HistoryEntry {
    guard let entry = try historyEntry(id: id) else { throw StorageError.noHistoryEntry(String(id)) }
    return entry
  }

  /// The entry with `uuid`.
  public func historyEntry(uuid: String) throws -> HistoryEntry? {
    try read { db in try HistoryEntry.filter(Column("uuid") == uuid).fetchOne(db) }
  }

  /// How many entries match `filter`.
  public func historyCount(filter: HistoryFilter = .all) throws -> Int {
    let conditions = filter.sqlConditions()
    let whereClause = conditions.sql.isEmpty ? "" : "WHERE " + conditions.sql.joined(separator: " AND ")
    return try read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history \(whereClause)", arguments: conditions.arguments) ?? 0
    }
  }

  /// Entries that still have spooled audio (candidates for retry), newest first.
  public func historyWithAudio(limit: Int, statuses: Set<DictationStatus> = []) throws -> [HistoryEntry] {
    let filter = HistoryFilter(statuses: statuses)
    let conditions = filter.sqlConditions()
    let extra = conditions.sql.map { " AND " + $0 }.joined()
    return try read { db in
      try HistoryEntry.fetchAll(
        db,
        sql: "SELECT * FROM history WHERE audioPath IS NOT NULL\(extra) ORDER BY createdAt DESC, id DESC LIMIT ?",
        arguments: conditions.arguments + [max(0, limit)])
    }
  }

  /// Saves the result of re-transcribing entry `id`: new texts, engine and model; the entry becomes complete.
  @discardableResult
  public func applyRetry(
    id: Int64, rawText: String, finalText: String, engine: String, model: String,
    processingSeconds: Double? = nil, trace: [TraceStep]? = nil
  ) throws -> HistoryEntry {
    var entry = try existingHistoryEntry(id: id)
    entry.rawText = rawText
    entry.finalText = finalText
    entry.engine = engine
    entry.model = model
    entry.status = .complete
    entry.errorMessage = nil
    if let processingSeconds { entry.processingSeconds = processingSeconds }
    if let trace { entry.trace = trace }
    return try updateHistory(entry)
  }

  // MARK: Helpers

  func preparedForInsert(_ entry: HistoryEntry) -> HistoryEntry {
    var entry = entry
    if entry.uuid.isEmpty { entry.uuid = environment.makeUUID().uuidString.lowercased() }
    let now = environment.timestamp()
    entry.createdAt = entry.createdAt == .distantPast ? now : Timestamp.normalized(entry.createdAt)
    entry.updatedAt = entry.updatedAt == .distantPast ? entry.createdAt : Timestamp.normalized(entry.updatedAt)
    return entry
  }

  static func dropsAudio(_ entry: HistoryEntry, _ settings: UtterSettings) -> Bool {
    if !settings.retention.keepsHistory { return true }
    return !settings.keepAudio && (entry.status == .complete || entry.status == .recovered)
  }

  static func storedEntry(_ db: Database, id: Int64?, uuid: String) throws -> HistoryEntry? {
    if let id, let entry = try HistoryEntry.fetchOne(db, key: id) { return entry }
    guard !uuid.isEmpty else { return nil }
    return try HistoryEntry.filter(Column("uuid") == uuid).fetchOne(db)
  }
}
