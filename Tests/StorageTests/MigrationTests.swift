import Foundation
import GRDB
import TestSupport
import Testing

@testable import Storage

@Suite("Migrations")
struct MigrationTests {
  @Test("an empty database migrates to the latest schema", arguments: StoreKind.allCases)
  func fromEmpty(kind: StoreKind) throws {
    let store = try StoreFixture(kind)
    defer { store.folder.remove() }
    let applied = try store.database.writer.read { db in try StoreSchema.migrator.appliedIdentifiers(db) }
    #expect(
      applied == [
        StoreSchema.initialMigration, StoreSchema.wordCountMigration, StoreSchema.learnedWordsMigration,
        StoreSchema.learningEvidenceMigration,
      ])
    let columns = try store.database.writer.read { db in try db.columns(in: "history").map(\.name) }
    #expect(columns.contains("wordCount"))
  }

  @Test("rows written under the first schema survive migration, get word counts and stay searchable")
  func fromFirstSchema() throws {
    let folder = try TemporaryDirectory("utter-migrate")
    defer { folder.remove() }
    let url = folder.path(AppDatabase.fileName)
    do {
      let pool = try DatabasePool(path: url.path)
      let v1 = try AppDatabase(
        writer: pool, dataDirectory: folder.url, environment: .live, migrateUpTo: StoreSchema.initialMigration)
      try v1.writer.write { db in
        #expect(try !db.columns(in: "history").map(\.name).contains("wordCount"))
        try db.execute(
          sql: """
            INSERT INTO history (uuid, rawText, finalText, source, status, createdAt, updatedAt, audioSeconds)
            VALUES ('u-1', 'ship it', 'Ship it to Zoë now.', 'keyboard', 'complete', 1795341600, 1795341600, 3),
                   ('u-2', '', '', 'app', 'failed', 1795341700, 1795341700, 2)
            """)
        try db.execute(sql: "INSERT INTO dictionaryEntry (term, termKey, createdAt) VALUES ('Zoë', 'zoë', 0)")
      }
      try v1.close()
    }
    let (database, message) = try AppDatabase.open(at: folder.url)
    #expect(message == nil)
    let entries = try database.latestHistory(limit: 10)
    #expect(entries.map(\.uuid) == ["u-2", "u-1"])
    #expect(entries.last?.finalText == "Ship it to Zoë now.")
    #expect(try database.searchHistory("zoe", limit: 5).map(\.uuid) == ["u-1"])
    #expect(try database.stats(now: Date(timeIntervalSince1970: 1_795_341_800)).words == 5)
    #expect(try database.dictionaryEntries().map(\.term) == ["Zoë"])
    #expect(try database.dictionaryEntries().map(\.origin) == [.manual], "terms from before learning were added")
    #expect(try database.learningCandidates().isEmpty)
  }
}
