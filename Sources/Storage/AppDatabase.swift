import Foundation
import GRDB

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
  let environment: StoreEnvironment

  init(
    writer: any DatabaseWriter, dataDirectory: URL?, environment: StoreEnvironment, migrateUpTo target: String? = nil
  ) throws {
    self.writer = writer
    self.dataDirectory = dataDirectory
    self.environment = environment
    if let target {
      try StoreSchema.migrator.migrate(writer, upTo: target)
    } else {
      try StoreSchema.migrator.migrate(writer)
    }
  }

  /// Opens (creating if needed) the database at `url`: a data folder (then `utter.sqlite` inside it) or the
  /// database file itself. A damaged SQLite file is moved aside and a fresh database created; the returned message
  /// then says so and where the old file went. A file that is not SQLite at all is an error and stays untouched.
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
    do {
      return (try openFile(databaseURL, environment: environment), nil)
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
      do {
        let database = try openFile(databaseURL, environment: environment)
        let message =
          "the database was damaged; it was moved to \(movedTo.lastPathComponent) and a new, empty one was created"
        return (database, message)
      } catch {
        throw StorageError.from(error, action: "opening the database failed")
      }
    } catch {
      throw StorageError.from(error, action: "opening the database failed")
    }
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
      return url.appendingPathComponent(fileName)
    }
    return url
  }

  /// The folder holding spooled audio for history entries, or nil for a memory-only store without a folder.
  public var audioDirectory: URL? {
    dataDirectory?.appendingPathComponent("audio", isDirectory: true)
  }

  /// The folder where a dictation's audio is spooled while it is recorded (`<id>.pcm` and `<id>.json`), so that
  /// a crash loses nothing; deleting a history entry deletes what is left of it there too.
  public var spoolDirectory: URL? {
    dataDirectory?.appendingPathComponent("spool", isDirectory: true)
  }

  static func openFile(_ url: URL, environment: StoreEnvironment) throws -> AppDatabase {
    let pool = try DatabasePool(path: url.path, configuration: makeConfiguration())
    // Dictations are private: only the owner may read the file (SQLite gives its journals the same mode).
    OwnerOnly.restrict(url)
    let database = try AppDatabase(
      writer: pool, dataDirectory: url.deletingLastPathComponent(), environment: environment)
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
      throw StorageError.from(error, action: action)
    }
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

  /// Checks the whole file for damage; returns the problems found (empty when healthy).
  public func integrityProblems() throws -> [String] {
    try read { db in
      let rows = try String.fetchAll(db, sql: "PRAGMA integrity_check")
      return rows == ["ok"] ? [] : rows
    }
  }
}
