import DictationValues
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
        StoreSchema.learningEvidenceMigration, StoreSchema.historyFieldMigration, StoreSchema.styleLanguageMigration,
      ])
    let columns = try store.database.writer.read { db in try db.columns(in: "history").map(\.name) }
    #expect(columns.contains("wordCount"))
    #expect(Set(["keyboardType", "contentType", "appBundleID", "fieldLanguage", "style"]).isSubset(of: columns))
    #expect(!columns.contains("context"))
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

  @Test("history written before the field had its own columns keeps each field part, and a recovered one its origin")
  func fromFlattenedField() throws {
    let folder = try TemporaryDirectory("utter-migrate")
    defer { folder.remove() }
    let url = folder.path(AppDatabase.fileName)
    do {
      // NB: the schema and the columns every build before the field's columns wrote (v4), rows as it stored them.
      let pool = try DatabasePool(path: url.path)
      let v4 = try AppDatabase(
        writer: pool, dataDirectory: folder.url, environment: .live, migrateUpTo: StoreSchema.learningEvidenceMigration)
      try v4.writer.write { db in
        try db.execute(
          sql: """
            INSERT INTO history (uuid, rawText, finalText, trace, engine, model, language, audioSeconds,
              processingSeconds, source, context, status, createdAt, updatedAt, delivered, wordCount)
            VALUES ('mail', 'see you', 'See you.', '[]', 'whisper', 'base', 'en', 1, 0.2, 'keyboard', 'emailAddress',
                      'complete', 1795341600, 1795341600, 1, 2),
                   ('chat', 'on arrive', 'On arrive.', '[]', 'whisper', 'base', 'fr', 1, 0.2, 'keyboard', 'twitter',
                      'complete', 1795341700, 1795341700, 1, 2),
                   ('crash', 'saved words', 'Saved words.', '[]', 'whisper', 'base', 'en', 2, 0.3, 'recovered',
                      'default', 'recovered', 1795341800, 1795341800, 0, 2),
                   ('file', 'notes', 'Notes.', '[]', 'whisper', 'base', 'en', 1, 0.1, 'cli', NULL, 'complete',
                      1795341900, 1795341900, 0, 1)
            """)
      }
      try v4.close()
    }
    let (database, message) = try AppDatabase.open(at: folder.url)
    #expect(message == nil)
    let entries = Dictionary(uniqueKeysWithValues: try database.latestHistory(limit: 10).map { ($0.uuid, $0) })
    #expect(entries["mail"]?.field == FieldContext(contentType: "emailAddress"))
    #expect(entries["chat"]?.field == FieldContext(keyboardType: "twitter"), "a keyboard type is no content type")
    #expect(entries["crash"]?.field == FieldContext(keyboardType: "default"))
    #expect(entries["crash"]?.origin == .keyboard)
    #expect(entries["crash"]?.status == .recovered)
    #expect(entries["file"]?.field == FieldContext())
    #expect(entries["file"]?.origin == .cli)
    #expect(try database.searchHistory("arrive", limit: 5).map(\.uuid) == ["chat"])
    #expect(try database.latestHistory(limit: 10, filter: HistoryFilter(sources: [.keyboard])).count == 3)
  }

  @Test("styles saved before a style had a language of its own keep everything and follow the settings' language")
  func fromStylesWithoutLanguage() throws {
    let folder = try TemporaryDirectory("utter-migrate")
    defer { folder.remove() }
    do {
      let pool = try DatabasePool(path: folder.path(AppDatabase.fileName).path)
      let v5 = try AppDatabase(
        writer: pool, dataDirectory: folder.url, environment: .live, migrateUpTo: StoreSchema.historyFieldMigration)
      try v5.writer.write { db in
        try db.execute(
          sql: """
            INSERT INTO style (name, nameKey, kind, prompt, defaultContexts)
            VALUES ('Work', 'work', 'formal', 'Be brief.', '["email"]')
            """)
      }
      try v5.close()
    }
    let (database, message) = try AppDatabase.open(at: folder.url)
    #expect(message == nil)
    #expect(
      try database.styles() == [
        SavedStyle(name: "Work", kind: "formal", prompt: "Be brief.", defaultContexts: ["email"], translateTo: nil)
      ])
    try database.saveStyle(SavedStyle(name: "Work", kind: "formal", defaultContexts: ["email"], translateTo: "fr"))
    #expect(try database.styles().first?.translateTo == "fr")
  }
}
