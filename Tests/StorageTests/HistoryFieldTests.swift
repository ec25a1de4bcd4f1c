import DictationValues
import Foundation
import GRDB
import Testing

@testable import Storage

/// A dictation's field, part by part: each in its own column, read back, kept by retry, exported and shown.
@Suite("History keeps the field a dictation went into")
struct HistoryFieldTests {
  /// A field with a different value in every part, so that two parts swapped would show.
  static let mail = FieldContext(
    textBeforeCursor: "Dear Sam,", keyboardType: "emailAddress", contentType: "username",
    appBundleID: "com.apple.mobilemail", language: "fr", style: "casual")
  static let kept = FieldContext(
    keyboardType: "emailAddress", contentType: "username", appBundleID: "com.apple.mobilemail", language: "fr",
    style: "casual")

  @Test("each part of the field is stored in its own column and read back as it came; its text never is")
  func columns() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let saved = try store.dictate("Bonjour Sam.", field: Self.mail)
    let row = try #require(
      try store.database.writer.read { db in
        try Row.fetchOne(
          db, sql: "SELECT keyboardType, contentType, appBundleID, fieldLanguage, style FROM history WHERE id = ?",
          arguments: [saved.id])
      })
    #expect(row["keyboardType"] as String? == "emailAddress")
    #expect(row["contentType"] as String? == "username")
    #expect(row["appBundleID"] as String? == "com.apple.mobilemail")
    #expect(row["fieldLanguage"] as String? == "fr")
    #expect(row["style"] as String? == "casual")
    let loaded = try #require(try store.database.historyEntry(id: saved.id ?? -1))
    #expect(loaded.field == Self.kept, "the text before the cursor is not kept")
    #expect(loaded == saved)

    let unknown = try store.dictate("Hello.")
    let empty = try store.database.writer.read { db in
      try Row.fetchOne(
        db, sql: "SELECT keyboardType, contentType, appBundleID, fieldLanguage, style FROM history WHERE id = ?",
        arguments: [unknown.id])
    }
    #expect(empty?.databaseValues.allSatisfy(\.isNull) == true, "the parts not known are NULL")
  }

  @Test("a retry changes the text and keeps the field; an export and import carry every part of it")
  func retryAndExport() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let saved = try store.dictate("Bonjour Sam.", field: Self.mail)
    let retried = try store.database.applyRetry(
      id: saved.id ?? -1, rawText: "bonjour sam", finalText: "Bonjour, Sam.", engine: "whisper", model: "small")
    #expect(retried.finalText == "Bonjour, Sam.")
    #expect(retried.field == Self.kept)
    #expect(try store.database.historyEntry(id: saved.id ?? -1)?.field == Self.kept)

    let exported = try store.database.exportArchive().jsonData()
    let json = String(decoding: exported, as: UTF8.self)
    for part in [
      #""keyboardType" : "emailAddress""#, #""contentType" : "username""#,
      #""appBundleID" : "com.apple.mobilemail""#, #""fieldLanguage" : "fr""#, #""style" : "casual""#,
    ] {
      #expect(json.contains(part), "the export names \(part)")
    }
    let other = try StoreFixture(.inMemory)
    defer { other.folder.remove() }
    #expect(try other.database.importJSON(exported).historyAdded == 1)
    #expect(try other.database.historyEntry(uuid: saved.uuid)?.field == Self.kept)
  }

  @Test("history show's Source line and the Markdown export name the whole field, each part once")
  func summaries() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let saved = try store.dictate("Bonjour Sam.", field: Self.mail)
    #expect(saved.fieldSummary == "username · emailAddress · com.apple.mobilemail · fr · casual")
    let markdown = try store.database.exportMarkdown()
    let heading = "### 10:00 · keyboard · 5 s · username · emailAddress · com.apple.mobilemail · fr · casual"
    #expect(markdown.contains(heading + "\n\nBonjour Sam."))

    let email = FieldContext(keyboardType: "emailAddress", contentType: "emailAddress", language: "en", style: "casual")
    #expect(try store.dictate("Hi.", field: email).fieldSummary == "emailAddress · en · casual", "the same type once")
    let body = FieldContext(keyboardType: "default", contentType: "emailBody")
    #expect(try store.dictate("Hi.", field: body).fieldSummary == "emailBody", "a default keyboard adds nothing")
    #expect(try store.dictate("Hi.", field: FieldContext(keyboardType: "default")).fieldSummary == "default")
    #expect(try store.dictate("Hi.").fieldSummary == nil)
  }

  @Test("history names where each dictation was made, each place its own label and symbol")
  func originBadges() {
    #expect(DictationOrigin.keyboard.badge == (label: "Keyboard", symbol: "keyboard"))
    #expect(DictationOrigin.shortcut.badge.label == "Siri or Shortcut")
    let all = DictationOrigin.allCases.map(\.badge)
    #expect(Set(all.map(\.label)).count == all.count && Set(all.map(\.symbol)).count == all.count)
  }
}
