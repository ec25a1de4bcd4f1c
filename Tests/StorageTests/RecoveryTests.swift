import DictationValues
import Foundation
import GRDB
import TestSupport
import Testing

@testable import Storage

@Suite("Damaged files and failing writes")
struct RecoveryTests {
  @Test("a database that is a link to a file elsewhere never gets that file's mode changed")
  func chmodNeverFollowsALink() throws {
    let folder = try TemporaryDirectory("utter-link")
    defer { folder.remove() }
    let outside = folder.path("outside.sqlite")
    FileManager.default.createFile(atPath: outside.path, contents: nil, attributes: [.posixPermissions: 0o644])
    let data = folder.path("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: data.appendingPathComponent("utter.sqlite"), withDestinationURL: outside)
    _ = try? AppDatabase.open(at: data)
    let mode = try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions] as? Int
    #expect(mode == 0o644)
  }

  @Test("the database file a store creates is owner-only, and so are its write-ahead log and shared memory")
  func newDatabaseIsOwnerOnly() throws {
    let folder = try TemporaryDirectory("utter-mode")
    defer { folder.remove() }
    let (database, _) = try AppDatabase.open(at: folder.url)
    for name in ["utter.sqlite", "utter.sqlite-wal", "utter.sqlite-shm"] {
      let mode = try FileManager.default.attributesOfItem(atPath: folder.path(name).path)[.posixPermissions]
      #expect(mode as? Int == 0o600, "\(name)")
    }
    try database.close()
  }

  func corruptFiles(in folder: TemporaryDirectory) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasPrefix("utter.sqlite.corrupt-") && !$0.lastPathComponent.hasSuffix("-wal") }
  }

  @Test("a file of garbage bytes named like the database is an error, and it is left as it was")
  func garbage() throws {
    let folder = try TemporaryDirectory("utter-garbage")
    defer { folder.remove() }
    var generator = SystemRandomNumberGenerator()
    let garbage = Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try garbage.write(to: folder.path("utter.sqlite"))
    let clock = TestClock(StoreFixture.start)
    let error = #expect(throws: StorageError.self) {
      _ = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    }
    #expect(error?.message == "\(folder.path("utter.sqlite").path) is not an SQLite database; it was left as it is")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names == ["utter.sqlite"], "nothing is renamed or created beside it")
    #expect(try Data(contentsOf: folder.path("utter.sqlite")) == garbage)
  }

  @Test("a damaged file that starts like SQLite is moved aside and a fresh database created")
  func damagedSQLite() throws {
    let folder = try TemporaryDirectory("utter-damaged")
    defer { folder.remove() }
    var damaged = Data("SQLite format 3\0".utf8)
    damaged.append(Data(repeating: 0xEE, count: 8_000))
    try damaged.write(to: folder.path("utter.sqlite"))
    let clock = TestClock(StoreFixture.start)
    let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    let text = try #require(message)
    #expect(text.contains("utter.sqlite.corrupt-20261122T100000Z"))
    let moved = try corruptFiles(in: folder)
    #expect(moved.count == 1)
    #expect(try Data(contentsOf: try #require(moved.first)) == damaged, "the damaged file is kept, not deleted")
    try database.insertHistory(HistoryEntry(finalText: "after recovery", origin: .cli))
    #expect(try database.latestHistory(limit: 1).first?.finalText == "after recovery")
  }

  /// A database of `count` entries ("entry 0 …", "entry 1 …", …), closed.
  func makeHistory(in folder: TemporaryDirectory, count: Int, backupAfter: Int? = nil, clock: TestClock) throws {
    let (database, _) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    let sentence = String(repeating: "a long dictated sentence about many things ", count: 20)
    for start in stride(from: 0, to: count, by: 50) {
      if start == backupAfter { #expect(database.writeBackup()) }
      try database.insertHistory(
        (start..<min(start + 50, count)).map { HistoryEntry(finalText: "entry \($0) \(sentence)", origin: .app) })
    }
    try database.close()
  }

  func cut(_ url: URL, to fraction: Double) throws {
    let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(Double(size) * fraction))
    try handle.close()
  }

  @Test("a truncated database is moved aside and every entry still in the file is recovered into a fresh one")
  func truncated() throws {
    let folder = try TemporaryDirectory("utter-truncated")
    defer { folder.remove() }
    let clock = TestClock(StoreFixture.start)
    try makeHistory(in: folder, count: 400, clock: clock)
    try FileManager.default.removeItem(at: AppDatabase.backupFile(for: folder.path("utter.sqlite")))
    try cut(folder.path("utter.sqlite"), to: 1.0 / 3)
    let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    #expect(try corruptFiles(in: folder).count == 1)
    let recovered = try database.historyCount()
    #expect(recovered > 50, "a third of the file holds well over 50 of the 400 entries")
    #expect(recovered < 400)
    let text = try #require(message)
    #expect(text.hasPrefix("the database was damaged and moved to utter.sqlite.corrupt-20261122T100000Z; "))
    #expect(text.contains("recovered \(recovered) history entries"))
    #expect(text.hasSuffix("there was no backup to restore from"))
    // What was recovered is whole and searchable.
    let found = try database.searchHistory("entry", limit: 1000)
    #expect(found.count == recovered)
    for entry in found {
      let id = try #require(entry.id)
      #expect(entry.finalText.hasPrefix("entry \(id - 1) "), "row \(id) holds its own text")
    }
  }

  @Test("what the damaged file no longer holds comes back from the daily backup, with a message naming its date")
  func truncatedWithBackup() throws {
    let folder = try TemporaryDirectory("utter-backup")
    defer { folder.remove() }
    let clock = TestClock(StoreFixture.start)
    try makeHistory(in: folder, count: 400, backupAfter: 300, clock: clock)
    try cut(folder.path("utter.sqlite"), to: 0.2)
    let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    let count = try database.historyCount()
    #expect(count >= 300, "every entry in the backup is back")
    let text = try #require(message)
    #expect(text.contains("history entries from the backup of 20"))
    let backupMode =
      try FileManager.default.attributesOfItem(
        atPath: AppDatabase.backupFile(for: folder.path("utter.sqlite")).path)[.posixPermissions] as? Int
    #expect(backupMode == 0o600)
  }

  @Test("random damage to a dozen databases never empties history: each keeps what is readable or in the backup")
  func randomDamage() throws {
    var emptied = 0
    var recoveredTotal = 0
    for seed in 1...12 {
      let folder = try TemporaryDirectory("utter-random-\(seed)")
      defer { folder.remove() }
      let clock = TestClock(StoreFixture.start)
      try makeHistory(in: folder, count: 200, backupAfter: 100, clock: clock)
      let url = folder.path("utter.sqlite")
      var bytes = try Data(contentsOf: url)
      var random = SeededRandom(seed: UInt64(seed))
      let pages = bytes.count / 4096
      for _ in 0..<3 {
        let page = Int.random(in: 0..<pages, using: &random)
        for offset in page * 4096..<(page + 1) * 4096 { bytes[offset] = UInt8.random(in: 0...255, using: &random) }
      }
      try bytes.write(to: url)
      // A day after the backup: opening checks the whole file, so damage anywhere is found now.
      let later = TestClock(Date().addingTimeInterval(2 * AppDatabase.backupInterval))
      let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(later))
      let count = (try? database.historyCount()) ?? 0
      if message != nil { #expect(count >= 100, "seed \(seed): the backup's 100 entries at least") }
      #expect(try database.quickCheckProblems().isEmpty, "seed \(seed): what is open afterwards is whole")
      #expect(try database.searchHistory("entry", limit: 1000).count == count, "seed \(seed): search finds them all")
      if count == 0 { emptied += 1 }
      recoveredTotal += count
    }
    #expect(emptied == 0)
    #expect(recoveredTotal >= 12 * 150)
  }

  @Test("a 0-byte database is restored from the backup, with a message; without a backup the message says so")
  func emptyFile() throws {
    let folder = try TemporaryDirectory("utter-zero")
    defer { folder.remove() }
    let clock = TestClock(StoreFixture.start)
    try makeHistory(in: folder, count: 100, backupAfter: 50, clock: clock)
    let url = folder.path("utter.sqlite")
    try Data().write(to: url)
    let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    #expect(try database.historyCount() == 50)
    #expect(
      message?.hasPrefix("the database file was empty (0 bytes); restored 50 history entries from the backup of ")
        == true, "\(message ?? "")")
    try database.close()
    try FileManager.default.removeItem(at: AppDatabase.backupFile(for: url))
    try Data().write(to: url)
    let (_, second) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    #expect(second == "the database file was empty (0 bytes); there was no backup to restore from")
  }

  @Test("deleting history rewrites the backup, so a deleted dictation cannot come back from it")
  func deletionReachesTheBackup() throws {
    let folder = try TemporaryDirectory("utter-delete-backup")
    defer { folder.remove() }
    let clock = TestClock(StoreFixture.start)
    try makeHistory(in: folder, count: 10, backupAfter: 0, clock: clock)
    let url = folder.path("utter.sqlite")
    do {
      let (database, _) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
      #expect(database.writeBackup())
      let secret = try #require(try database.latestHistory(limit: 1).first)
      #expect(try database.deleteHistory(id: try #require(secret.id)))
      try database.close()
    }
    let backup = try Data(contentsOf: AppDatabase.backupFile(for: url))
    #expect(backup.range(of: Data("entry 9 ".utf8)) == nil, "the deleted text is not in the backup")
    #expect(backup.range(of: Data("entry 8 ".utf8)) != nil)
    try Data().write(to: url)
    let (restored, _) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    #expect(try restored.historyCount() == 9)
  }

  @Test("a database file cut inside its first page is moved aside too")
  func truncatedHeader() throws {
    let folder = try TemporaryDirectory("utter-header")
    defer { folder.remove() }
    do {
      let (database, _) = try AppDatabase.open(at: folder.url)
      try database.insertHistory(HistoryEntry(finalText: "x", origin: .app))
      try database.close()
    }
    let url = folder.path("utter.sqlite")
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 50)
    try handle.close()
    let (_, message) = try AppDatabase.open(at: folder.url)
    #expect(message != nil)
  }

  @Test("a full disk surfaces as one clear error and keeps earlier data")
  func diskFull() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.dictate("kept before the disk filled")
    try store.database.writer.writeWithoutTransaction { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
      try db.execute(sql: "PRAGMA max_page_count = \(pages)")
    }
    let huge = String(repeating: "words that will not fit ", count: 20_000)
    do {
      try store.dictate(huge)
      Issue.record("the write succeeded")
    } catch let error as StorageError {
      #expect(error.kind == .diskFull)
      #expect(error.message == "storing failed: the disk is full")
    }
    #expect(try store.database.latestHistory(limit: 5).map(\.finalText) == ["kept before the disk filled"])
  }

  @Test("a read-only database surfaces as one clear error")
  func readOnly() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
    #expect(throws: StorageError(.readOnly, "storing failed: the database is read-only")) {
      try store.dictate("cannot be stored")
    }
  }

  @Test(
    "a read-only data folder and file fail to store with a clear error",
    .enabled(if: getuid() != 0, "root ignores file permissions"))
  func readOnlyFolder() throws {
    let store = try StoreFixture()
    defer {
      chmod(store.folder.url.path, 0o755)
      chmod(store.folder.path("utter.sqlite").path, 0o644)
      store.folder.remove()
    }
    try store.database.close()
    chmod(store.folder.path("utter.sqlite").path, 0o444)
    chmod(store.folder.url.path, 0o555)
    do {
      let (database, _) = try AppDatabase.open(at: store.folder.url)
      try database.insertHistory(HistoryEntry(finalText: "x", origin: .cli))
      Issue.record("the write succeeded")
    } catch let error as StorageError {
      #expect([.readOnly, .cannotOpen].contains(error.kind))
    }
  }

  @Test("a data folder that cannot be created is reported with its path")
  func cannotCreateFolder() throws {
    let folder = try TemporaryDirectory("utter-blocked")
    defer { folder.remove() }
    try Data("a file, not a folder".utf8).write(to: folder.path("blocker"))
    let target = folder.path("blocker").appendingPathComponent("data", isDirectory: true)
    #expect(throws: StorageError.self) { try AppDatabase.open(at: target) }
    do {
      _ = try AppDatabase.open(at: target)
    } catch let error as StorageError {
      #expect(error.message.contains("blocker/data"))
      #expect(error.kind == .cannotOpen)
    }
  }

  @Test("a healthy database reports no integrity problems")
  func integrity() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.dictate("fine")
    #expect(try store.database.integrityProblems().isEmpty)
  }
}
