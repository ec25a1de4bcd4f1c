import DictationValues
import Foundation
import Testing
import TextPipeline

@testable import Storage

@Suite("Export and import")
struct ArchiveTests {
  static let chat = FieldContext(
    keyboardType: "twitter", appBundleID: "com.apple.MobileSMS", language: "fr", style: "casual")

  func populated(_ kind: StoreKind = .onDisk) throws -> StoreFixture {
    let store = try StoreFixture(kind)
    store.clock.advance(by: 0.123)
    try store.dictate("Ship the release notes", origin: .keyboard, audioPath: "r.wav")
    store.clock.advance(by: 86_400.5)
    let failed = try store.dictate("", origin: .widget, status: .failed)
    try store.database.markDelivered(uuid: failed.uuid)
    try store.database.deleteHistory(id: try store.dictate("temporary").id ?? -1)
    try store.dictate("Café meeting with Zoé", origin: .app, field: Self.chat)
    try store.database.addNote("Buy oat milk")
    try store.database.saveDictionaryEntry(DictionaryEntry(term: "Kubernetes", replacements: ["cooper netties"]))
    try store.database.saveDictionaryEntry(DictionaryEntry(term: "Zoé", matchBySound: false))
    try store.database.saveSnippet(Snippet(trigger: "my calendar", expansion: "https://cal.example/me"))
    try store.database.saveStyle(SavedStyle(name: "Work", kind: "formal", defaultContexts: ["email"]))
    try store.database.saveStyle(SavedStyle(name: "Para Ana", kind: "casual", translateTo: "pt"))
    try store.database.setSetting("session-timeout", to: "1h")
    return store
  }

  @Test("export then import into an empty store gives an identical export", arguments: StoreKind.allCases)
  func roundTrip(kind: StoreKind) throws {
    let source = try populated(kind)
    defer { source.folder.remove() }
    let exported = try source.database.exportArchive()
    #expect(exported.history.count == 3)
    let data = try exported.jsonData()
    let target = try StoreFixture(kind)
    defer { target.folder.remove() }
    let summary = try target.database.importJSON(data)
    #expect(summary.historyAdded == 3)
    #expect(summary.notesAdded == 1)
    var again = try target.database.exportArchive()
    again.exportedAt = exported.exportedAt
    #expect(again == exported)
    #expect(try target.database.settings().sessionTimeout == .oneHour)
    #expect(try target.database.searchHistory("cafe", limit: 5).count == 1)
    let chat = try #require(try target.database.searchHistory("cafe", limit: 5).first)
    #expect(chat.field == Self.chat, "the whole field comes back: keyboard type, app, language and style")
    #expect(chat.origin == .app)
    #expect(try target.database.styles().map(\.translateTo) == ["pt", nil], "a style's language comes back")
  }

  @Test("an export written before the field had its own keys imports its field and a recovered entry's origin")
  func legacyExport() throws {
    let json = """
      {"format": "utter-export", "version": 1, "exportedAt": "2026-11-22T10:00:00.000Z", "history": [
        {"uuid": "a1", "rawText": "hi", "finalText": "Hi.", "trace": [], "engine": "whisper", "model": "base",
         "language": "en", "audioSeconds": 1, "processingSeconds": 0.1, "source": "recovered", "context": "twitter",
         "status": "recovered", "createdAt": "2026-11-20T09:00:00.000Z", "updatedAt": "2026-11-20T09:00:00.000Z",
         "delivered": false},
        {"uuid": "a2", "rawText": "mail", "finalText": "Mail.", "trace": [], "engine": "whisper", "model": "base",
         "language": "en", "audioSeconds": 1, "processingSeconds": 0.1, "source": "widget", "context": "emailAddress",
         "status": "complete", "createdAt": "2026-11-21T09:00:00.000Z", "updatedAt": "2026-11-21T09:00:00.000Z",
         "delivered": true}]}
      """
    let store = try StoreFixture(.inMemory)
    defer { store.folder.remove() }
    #expect(try store.database.importJSON(Data(json.utf8)).historyAdded == 2)
    let recovered = try #require(try store.database.historyEntry(uuid: "a1"))
    #expect(recovered.field == FieldContext(keyboardType: "twitter"))
    #expect(recovered.origin == .keyboard)
    #expect(recovered.status == .recovered)
    #expect(try store.database.historyEntry(uuid: "a2")?.field == FieldContext(contentType: "emailAddress"))
    #expect(try store.database.historyEntry(uuid: "a2")?.origin == .widget)
  }

  @Test("importing the same export twice adds nothing the second time")
  func noDuplicates() throws {
    let store = try populated()
    defer { store.folder.remove() }
    let data = try store.database.exportArchive().jsonData()
    let summary = try store.database.importJSON(data)
    #expect(summary.historyAdded == 0)
    #expect(summary.historySkipped == 3)
    #expect(summary.notesAdded == 0)
    #expect(try store.database.historyCount() == 3)
    #expect(try store.database.notes().count == 1)
    #expect(try store.database.dictionaryEntries().count == 2)
    #expect(try store.database.snippets().count == 1)
  }

  @Test("a newer imported copy of an entry replaces the older one")
  func newerWins() throws {
    let store = try populated()
    defer { store.folder.remove() }
    var archive = try store.database.exportArchive()
    archive.history[0].finalText = "Ship the release notes today"
    archive.history[0].updatedAt = archive.history[0].updatedAt.addingTimeInterval(60)
    let summary = try store.database.importArchive(archive)
    #expect(summary.historyUpdated == 1)
    #expect(try store.database.searchHistory("today", limit: 5).count == 1)
    #expect(try store.database.historyCount() == 3)
  }

  @Test("dates survive the JSON text to the millisecond")
  func dates() throws {
    let date = Date(timeIntervalSince1970: 1_795_341_600.987)
    #expect(ArchiveDate.string(date) == "2026-11-22T10:00:00.987Z")
    #expect(ArchiveDate.date("2026-11-22T10:00:00.987Z") == Timestamp.normalized(date))
    #expect(ArchiveDate.date("2026-11-22T10:00:00Z") == Date(timeIntervalSince1970: 1_795_341_600))
  }

  @Test("foreign, damaged or newer files are refused with one clear line")
  func refuses() throws {
    let store = try StoreFixture(.inMemory)
    defer { store.folder.remove() }
    let cases: [(String, String)] = [
      ("{\"hello\": 1}", "not an Utter export"),
      ("not json", "not an Utter export"),
      ("{\"format\": \"utter-export\", \"version\": 99}", "format version 99"),
      ("{\"format\": \"utter-export\", \"version\": 1, \"history\": [{\"uuid\": 5}]}", "the export is damaged"),
    ]
    for (json, expected) in cases {
      do {
        try store.database.importJSON(Data(json.utf8))
        Issue.record("accepted \(json)")
      } catch let error as StorageError {
        #expect(error.message.contains(expected), "\(error.message)")
        #expect(!error.message.contains("\n"))
      }
    }
  }

  @Test("Markdown groups entries by day, newest day first, with times and sources")
  func markdown() throws {
    let store = try populated()
    defer { store.folder.remove() }
    let markdown = try store.database.exportMarkdown()
    let monday = try #require(markdown.range(of: "## Monday 23 November 2026"))
    let sunday = try #require(markdown.range(of: "## Sunday 22 November 2026"))
    #expect(monday.lowerBound < sunday.lowerBound)
    #expect(markdown.contains("### 10:00 · keyboard · 5 s\n\nShip the release notes"))
    #expect(markdown.contains("widget · 5 s · failed"))
    #expect(markdown.contains("Exported 2026-11-23 10:00, 3 dictations."))
  }
}
