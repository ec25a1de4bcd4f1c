import Foundation
import GRDB

/// Copies what can still be read from a damaged (or backup) database file into a fresh one, row by row.
///
/// SQLite stores each table as a B-tree keyed by rowid; damage usually spoils a few pages, not the whole file.
/// So each table is read in rowid order, and when a read fails the scan jumps ahead past the damaged stretch
/// (1, 2, 4, … rowids further) instead of giving the table up. Rows land in the fresh database with their ids,
/// so a second source (the backup) only fills in rows that are still missing. The search indexes follow their
/// tables through the schema's triggers.
enum DatabaseSalvage {
  /// The tables whose rows are the user's, in the order they are copied (search indexes are rebuilt, not copied).
  static let tables = ["history", "note", "dictionaryEntry", "snippet", "style", "settings", "learningCandidate"]

  /// How many rows each table received, and which tables could not be read to the end.
  struct Outcome: Equatable {
    var copied: [String: Int] = [:]
    var incomplete: Set<String> = []
    /// Whether the source file could be opened at all.
    var opened = true

    var total: Int { copied.values.reduce(0, +) }
  }

  /// Copies the rows of `source` into `target`; rows whose id (or unique key) is already there are left as they are.
  static func copy(from source: URL, into target: AppDatabase) -> Outcome {
    var outcome = Outcome()
    var configuration = Configuration()
    configuration.readonly = true
    // NB: without it SQLite refuses a file shorter than its header says (a truncated file) outright; with it,
    // the pages that are there can still be read.
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA writable_schema = ON") }
    let reader: DatabaseQueue
    do {
      reader = try DatabaseQueue(path: source.path, configuration: configuration)
    } catch {
      outcome.opened = false
      outcome.incomplete = Set(tables)
      return outcome
    }
    defer { try? reader.close() }
    for table in tables {
      let (count, complete) = copyTable(table, from: reader, into: target)
      if count > 0 { outcome.copied[table] = count }
      if !complete { outcome.incomplete.insert(table) }
    }
    if outcome.copied.isEmpty && outcome.incomplete == Set(tables) { outcome.opened = false }
    return outcome
  }

  /// Most rowids probed one by one past a damaged stretch; beyond it, the scan skips ahead instead.
  static let maxProbes: Int64 = 2_000_000

  /// Copies one table; returns the rows copied and whether every row was readable.
  ///
  /// The table is scanned in rowid order. Where the scan fails, every later rowid up to the table's highest ever
  /// (kept in `sqlite_sequence`) is looked up on its own, so one bad page costs only the rows on it; without that
  /// number the scan resumes 1, 2, 4, … rowids further on.
  private static func copyTable(_ table: String, from reader: DatabaseQueue, into target: AppDatabase)
    -> (count: Int, complete: Bool)
  {
    guard let targetColumns = try? target.writer.read({ db in try db.columns(in: table).map(\.name) }) else {
      return (0, false)
    }
    // Settings is a single row the fresh database already has: the salvaged one replaces it.
    let verb = table == "settings" ? "INSERT OR REPLACE" : "INSERT OR IGNORE"
    var copied = 0
    var complete = true
    var after: Int64 = 0
    var jump: Int64 = 1
    // NB: each read runs outside a transaction; inside one, SQLite keeps failing after the first damaged page.
    while true {
      var rows: [Row] = []
      var failed = false
      do {
        try reader.inDatabase { db in
          let cursor = try Row.fetchCursor(
            db, sql: "SELECT rowid AS salvageRowID, * FROM \(table) WHERE rowid > ? ORDER BY rowid", arguments: [after])
          while let row = try cursor.next() {
            rows.append(row.copy())
            after = row["salvageRowID"]
          }
        }
      } catch {
        failed = true
      }
      copied += insert(rows, into: table, columns: targetColumns, verb: verb, target: target)
      if !failed { break }
      complete = false
      if let highest = highestRowID(of: table, in: reader), highest > after, highest - after <= maxProbes {
        copied += probe(table, from: after + 1, through: highest, in: reader) { rows in
          insert(rows, into: table, columns: targetColumns, verb: verb, target: target)
        }
        break
      }
      if !rows.isEmpty { jump = 1 }
      let (next, overflow) = after.addingReportingOverflow(jump)
      if overflow || jump >= Int64(1) << 62 { break }
      after = next
      jump *= 2
    }
    return (copied, complete)
  }

  /// The highest rowid `table` ever had, if the file still says.
  private static func highestRowID(of table: String, in reader: DatabaseQueue) -> Int64? {
    try? reader.inDatabase { db in
      try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
    }
  }

  /// Looks up rowids `first...last` one at a time, handing readable rows to `store` in batches.
  private static func probe(
    _ table: String, from first: Int64, through last: Int64, in reader: DatabaseQueue, store: ([Row]) -> Int
  ) -> Int {
    var stored = 0
    var batch: [Row] = []
    var rowid = first
    while rowid <= last {
      let end = min(last, rowid + 499)
      reader.inDatabase { db in
        for id in rowid...end {
          if let row = try? Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE rowid = ?", arguments: [id]) {
            batch.append(row)
          }
        }
      }
      stored += store(batch)
      batch.removeAll(keepingCapacity: true)
      rowid = end + 1
    }
    return stored
  }

  /// Inserts `rows` (their columns that `table` still has); a row that breaks a constraint is skipped.
  private static func insert(_ rows: [Row], into table: String, columns: [String], verb: String, target: AppDatabase)
    -> Int
  {
    guard !rows.isEmpty else { return 0 }
    let wanted = Set(columns)
    let inserted = try? target.writer.write { db in
      var inserted = 0
      for row in rows {
        let names = row.columnNames.filter { wanted.contains($0) }
        guard !names.isEmpty else { continue }
        let values = names.map { row[$0] as DatabaseValue }
        let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let placeholders = names.map { _ in "?" }.joined(separator: ", ")
        let sql = "\(verb) INTO \(table) (\(quoted)) VALUES (\(placeholders))"
        do {
          try db.execute(sql: sql, arguments: StatementArguments(values))
          inserted += db.changesCount > 0 ? 1 : 0
        } catch {
          continue
        }
      }
      return inserted
    }
    return inserted ?? 0
  }
}
