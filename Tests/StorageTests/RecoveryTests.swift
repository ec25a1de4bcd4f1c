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

  @Test("the database file a store creates is owner-only")
  func newDatabaseIsOwnerOnly() throws {
    let folder = try TemporaryDirectory("utter-mode")
    defer { folder.remove() }
    _ = try AppDatabase.open(at: folder.url)
    let mode = try FileManager.default.attributesOfItem(atPath: folder.path("utter.sqlite").path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
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
    try database.insertHistory(HistoryEntry(finalText: "after recovery", source: .cli))
    #expect(try database.latestHistory(limit: 1).first?.finalText == "after recovery")
  }

  @Test("a truncated database is moved aside and a fresh one created")
  func truncated() throws {
    let folder = try TemporaryDirectory("utter-truncated")
    defer { folder.remove() }
    let clock = TestClock(StoreFixture.start)
    do {
      let (database, _) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
      let sentence = String(repeating: "a long dictated sentence about many things ", count: 20)
      try database.insertHistory((0..<400).map { HistoryEntry(finalText: "\($0) \(sentence)", source: .app) })
      try database.close()
    }
    let url = folder.path("utter.sqlite")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    #expect(size > 100_000)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(size / 3))
    try handle.close()
    let (database, message) = try AppDatabase.open(at: folder.url, environment: StoreFixture.environment(clock))
    #expect(message?.contains("damaged") == true)
    #expect(try corruptFiles(in: folder).count == 1)
    #expect(try database.historyCount() == 0)
  }

  @Test("a database file cut inside its first page is moved aside too")
  func truncatedHeader() throws {
    let folder = try TemporaryDirectory("utter-header")
    defer { folder.remove() }
    do {
      let (database, _) = try AppDatabase.open(at: folder.url)
      try database.insertHistory(HistoryEntry(finalText: "x", source: .app))
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
      try database.insertHistory(HistoryEntry(finalText: "x", source: .cli))
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
