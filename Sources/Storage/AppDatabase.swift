import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one owner of Utter's SQLite database: history, notes, dictionary, snippets, styles and settings.
///
/// The app, the CLI and the session host share it; the keyboard never opens it (it reads a small JSON file,
/// see `KeyboardSettings`). Every write goes through this type, so invariants (retention, audio clean-up,
/// secure deletion) hold whoever calls.
public final class AppDatabase: Sendable {
  /// The database file's name inside the data folder.
  public static let fileName = "utter.sqlite"

  let writer: any DatabaseWriter
  /// The data folder holding the database and the spooled `audio/` folder, or nil for a memory-only store.
  public let dataDirectory: URL?
  /// The database file, or nil for a memory-only store.
  let fileURL: URL?
  let environment: StoreEnvironment

  init(
    writer: any DatabaseWriter, dataDirectory: URL?, fileURL: URL? = nil, environment: StoreEnvironment,
    migrateUpTo target: String? = nil
  ) throws {
    self.writer = writer
    self.dataDirectory = dataDirectory
    self.fileURL = fileURL
    self.environment = environment
    if let target {
      try StoreSchema.migrator.migrate(writer, upTo: target)
    } else {
      try StoreSchema.migrator.migrate(writer)
    }
  }

  /// Opens (creating if needed) the database at `url`: a data folder (then `utter.sqlite` inside it) or the
  /// database file itself. History is never emptied without a word: a damaged SQLite file is moved aside, what
  /// can be read from it (and, for what cannot, from the daily backup) is copied into a fresh database, and the
  /// returned message says what was recovered and where the old file went; a 0-byte file is restored from the
  /// backup the same way. A file that is not SQLite at all is an error and stays untouched.
  public static func open(
    at url: URL, environment: StoreEnvironment = .live
  ) throws -> (AppDatabase, recoveryMessage: String?) {
    let databaseURL = databaseFile(for: url)
    let folder = databaseURL.deletingLastPathComponent()
    do {
      // A folder made here is the owner's alone: it holds dictations and their audio.
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw StorageError(.cannotOpen, "cannot create the data folder \(folder.path)")
    }
    let (database, message) = try openRecovering(databaseURL, environment: environment)
    database.refreshBackupIfStale()
    return (database, message)
  }

  private static func openRecovering(
    _ databaseURL: URL, environment: StoreEnvironment
  ) throws -> (AppDatabase, recoveryMessage: String?) {
    if isEmptyFile(databaseURL) {
      // SQLite would take a 0-byte file for a new database, and history would be gone without a word.
      unlink(databaseURL.path)
      let database = try openFresh(databaseURL, environment: environment)
      let restored = database.restore(from: nil, damagedTables: Set(DatabaseSalvage.tables))
      return (database, "the database file was empty (0 bytes); " + restored)
    }
    do {
      let database = try openFile(databaseURL, environment: environment)
      // Once a day, before the backup is renewed, the whole file is checked: damage that opening does not touch
      // (an index, a page in the middle) is repaired now rather than found at a search, or copied into the backup.
      if database.backupIsStale, let problem = database.quickCheckFailure() {
        try? database.writer.close()
        throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: problem)
      }
      return (database, nil)
    } catch let error as DatabaseError where DamagedDatabase.isDamage(error) {
      guard DamagedDatabase.looksLikeSQLite(databaseURL) else {
        throw StorageError(.cannotOpen, "\(databaseURL.path) is not an SQLite database; it was left as it is")
      }
      let movedTo: URL
      do {
        movedTo = try DamagedDatabase.moveAside(databaseURL, now: environment.now())
      } catch {
        throw StorageError(.damaged, "the database \(databaseURL.path) is damaged and could not be moved aside")
      }
      let database = try openFresh(databaseURL, environment: environment)
      let salvage = DatabaseSalvage.copy(from: movedTo, into: database)
      unlink(movedTo.path + "-shm")
      let restored = database.restore(from: salvage, damagedTables: salvage.incomplete)
      return (database, "the database was damaged and moved to \(movedTo.lastPathComponent); " + restored)
    } catch {
      throw StorageError.from(
        error, action: "opening the database failed", folder: databaseURL.deletingLastPathComponent())
    }
  }

  private static func openFresh(_ url: URL, environment: StoreEnvironment) throws -> AppDatabase {
    do {
      return try openFile(url, environment: environment)
    } catch {
      throw StorageError.from(error, action: "opening the database failed", folder: url.deletingLastPathComponent())
    }
  }

  /// Fills `damagedTables` from the backup, if there is one, and says what was recovered in all.
  private func restore(from salvage: DatabaseSalvage.Outcome?, damagedTables: Set<String>) -> String {
    var fromBackup = DatabaseSalvage.Outcome()
    var backupDate: Date?
    if !damagedTables.isEmpty, let backupURL, FileManager.default.fileExists(atPath: backupURL.path) {
      backupDate = Self.modificationDate(backupURL)
      fromBackup = DatabaseSalvage.copy(from: backupURL, into: self)
    }
    checkpoint()
    let salvaged = salvage.map { Self.describe($0.copied) }
    let restored = Self.describe(fromBackup.copied)
    var parts: [String] = []
    if let salvaged { parts.append(salvaged.isEmpty ? "nothing in it could be read" : "recovered \(salvaged) from it") }
    if let backupDate {
      let when = Self.backupDateText(backupDate)
      parts.append(
        restored.isEmpty
          ? "the backup of \(when) held nothing more" : "restored \(restored) from the backup of \(when)")
    } else if salvage == nil || !damagedTables.isEmpty {
      parts.append("there was no backup to restore from")
    }
    return parts.joined(separator: "; ")
  }

  private static let tableNouns: [(table: String, one: String, many: String)] = [
    ("history", "history entry", "history entries"), ("note", "note", "notes"),
    ("dictionaryEntry", "dictionary term", "dictionary terms"), ("snippet", "snippet", "snippets"),
    ("style", "style", "styles"), ("settings", "the settings", "the settings"),
    ("learningCandidate", "learning suggestion", "learning suggestions"),
  ]

  /// "12 history entries, 1 note and the settings"; empty when nothing was copied.
  static func describe(_ copied: [String: Int]) -> String {
    let items = tableNouns.compactMap { noun -> String? in
      guard let count = copied[noun.table], count > 0 else { return nil }
      if noun.table == "settings" { return noun.one }
      return "\(count) \(count == 1 ? noun.one : noun.many)"
    }
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }

  private static func backupDateText(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: date)
  }

  /// Whether `url` is an existing regular file of 0 bytes whose write-ahead log (if any) is empty too.
  private static func isEmptyFile(_ url: URL) -> Bool {
    var status = stat()
    guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size == 0 else {
      return false
    }
    var wal = stat()
    return lstat(url.path + "-wal", &wal) != 0 || wal.st_size == 0
  }

  /// A memory-only store for tests and previews; audio files, if any, live under `dataDirectory`.
  public static func inMemory(dataDirectory: URL? = nil, environment: StoreEnvironment = .live) throws -> AppDatabase {
    do {
      let queue = try DatabaseQueue(configuration: makeConfiguration())
      return try AppDatabase(writer: queue, dataDirectory: dataDirectory, environment: environment)
    } catch {
      throw StorageError.from(error, action: "creating the database failed")
    }
  }

  /// Where the database lives for `url` (a folder or the file itself).
  public static func databaseFile(for url: URL) -> URL {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    if (exists && isDirectory.boolValue) || (!exists && (url.hasDirectoryPath || url.pathExtension.isEmpty)) {
      return DataFolder(root: url).database
    }
    return url
  }

  /// The folder holding spooled audio for history entries, or nil for a memory-only store without a folder.
  public var audioDirectory: URL? {
    dataDirectory.map { DataFolder(root: $0).audio }
  }

  /// The folder where a dictation's audio is spooled while it is recorded (`<id>.pcm` and `<id>.json`), so that
  /// a crash loses nothing; deleting a history entry deletes what is left of it there too.
  public var spoolDirectory: URL? {
    dataDirectory.map { DataFolder(root: $0).spool }
  }

  static func openFile(_ url: URL, environment: StoreEnvironment) throws -> AppDatabase {
    // Dictations are private: only the owner may read the file and its journals (the write-ahead log holds recent
    // dictations too). The file is made owner-only before SQLite opens it, and SQLite gives the journals it creates
    // the database file's mode. NB: never after: closing any other descriptor of a database file drops every POSIX
    // lock this process holds on it (https://www.sqlite.org/howtocorrupt.html, section 2.2), and another process
    // then reads the file while it is written (`utter host` saw "the database file is damaged" after `utter settings
    // set`).
    OwnerOnly.create(url)
    for suffix in ["", "-wal", "-shm"] { OwnerOnly.restrict(URL(fileURLWithPath: url.path + suffix)) }
    let pool = try DatabasePool(path: url.path, configuration: makeConfiguration())
    let database = try AppDatabase(
      writer: pool, dataDirectory: url.deletingLastPathComponent(), fileURL: url, environment: environment)
    try database.verifyReadable()
    return database
  }

  static func makeConfiguration() -> Configuration {
    var config = Configuration()
    config.busyMode = .timeout(5)
    config.prepareDatabase { db in
      // NB: zero freed pages so that deleted dictations do not linger in the file.
      try db.execute(sql: "PRAGMA secure_delete = ON")
    }
    return config
  }

  /// Reads the newest row of every table (walking each tree from root to leaf), so a damaged file is found
  /// at open rather than at first use, without the cost of checking every page.
  func verifyReadable() throws {
    try writer.read { db in
      for table in [
        "history", "history_ft", "note", "note_ft", "dictionaryEntry", "snippet", "style", "settings",
        "learningCandidate",
      ] {
        _ = try Row.fetchOne(db, sql: "SELECT * FROM \(table) ORDER BY rowid DESC LIMIT 1")
      }
    }
  }

  // MARK: Access with clear errors

  func write<T>(_ action: String = "storing failed", _ body: (Database) throws -> T) throws -> T {
    do {
      return try writer.write(body)
    } catch {
      throw StorageError.from(error, action: action, folder: dataDirectory)
    }
  }

  /// `write`, with the current time as a timestamp column value handed to `body`.
  func writeNow<T>(_ body: (Database, Double) throws -> T) throws -> T {
    let now = Timestamp.column(environment.now())
    return try write { db in try body(db, now) }
  }

  func read<T>(_ action: String = "reading the database failed", _ body: (Database) throws -> T) throws -> T {
    do {
      return try writer.read(body)
    } catch {
      throw StorageError.from(error, action: action)
    }
  }

  /// Moves the write-ahead log into the main file and truncates it, so deleted text leaves no copy behind and a
  /// new dictation does not live only in the log.
  public func checkpoint() {
    try? writer.writeWithoutTransaction { db in
      _ = try db.checkpoint(.truncate)
    }
  }

  /// Folds the write-ahead log into the file and closes the database; later calls fail.
  public func close() throws {
    checkpoint()
    try writer.close()
  }

  /// SQLite's quicker whole-file check (no index contents compared); the problems found, empty when healthy.
  func quickCheckProblems() throws -> [String] {
    try writer.read { db in
      let rows = try String.fetchAll(db, sql: "PRAGMA quick_check")
      return rows == ["ok"] ? [] : rows
    }
  }

  /// What SQLite's quick check finds wrong first, or nil when the file is whole (or cannot be checked for
  /// another reason, such as a busy file).
  func quickCheckFailure() -> String? {
    do {
      return try quickCheckProblems().first
    } catch let error as DatabaseError where DamagedDatabase.isDamage(error) {
      return error.message ?? "the file is damaged"
    } catch {
      return nil
    }
  }

  /// Checks the whole file for damage; returns the problems found (empty when healthy).
  public func integrityProblems() throws -> [String] {
    try read { db in
      let rows = try String.fetchAll(db, sql: "PRAGMA integrity_check")
      return rows == ["ok"] ? [] : rows
    }
  }
}
