import AppSettings
import Dictation
import DictationValues
import Foundation
import SessionChannel
import Storage
import TestSupport
import Testing

/// What the policy says Utter keeps and deletes, against the app's own store: the folder's permissions, retention,
/// history off, audio off, and deletion that leaves no copy.
@Suite("The privacy policy's storage sentences hold for the app's store")
@MainActor
struct PrivacyPolicyStorageTests {
  static let second: [Float] = (0..<16_000).map { Float(sin(Double($0) / 8)) * 0.2 }

  @Test("the data folder is 0700 and the database, its backup and kept audio are 0600")
  func ownerOnly() throws {
    let data = try TemporaryDirectory("utter-privacy-data")
    defer { data.remove() }
    let root = data.url.appendingPathComponent("Utter", isDirectory: true)
    let store = AppSettingsStore(data: DataFolder(root: root), shared: nil)
    let database = try #require(store.database)
    let kept = try #require(
      try HistoryArchive(database: database, origin: .app).record(
        HistoryEntry(uuid: "a1", finalText: "Kept.", origin: .keyboard), audio: Self.second))
    #expect(Self.mode(root) == 0o700)
    #expect(Self.mode(root.appendingPathComponent("utter.sqlite")) == 0o600)
    #expect(Self.mode(root.appendingPathComponent("utter.sqlite.backup")) == 0o600)
    #expect(Self.mode(root.appendingPathComponent("audio")) == 0o700)
    #expect(Self.mode(root.appendingPathComponent("audio/\(try #require(kept.audioPath))")) == 0o600)
    #expect(PrivacyPolicy.onTheIPhone.sentences[0].contains("(permissions 0700 for folders, 0600 for files)"))
  }

  @Test("30 days: an older entry and its audio go when the app starts and when the setting changes; newer ones stay")
  func retentionPurges() throws {
    let data = try TemporaryDirectory("utter-privacy-data")
    defer { data.remove() }
    let folder = DataFolder(root: data.url)
    let day: TimeInterval = 86_400
    do {
      let store = AppSettingsStore(data: folder, shared: nil)
      store.update { $0.retention = .thirtyDays }
      let database = try #require(store.database)
      let archive = HistoryArchive(database: database, origin: .app)
      for (id, age) in [("old", 40 * day), ("new", day)] {
        try archive.record(
          HistoryEntry(uuid: id, finalText: id, origin: .keyboard, createdAt: Date().addingTimeInterval(-age)),
          audio: Self.second)
      }
      #expect(try database.historyEntry(uuid: "old") != nil, "kept until the next purge")
    }
    let restarted = AppSettingsStore(data: folder, shared: nil)
    let database = try #require(restarted.database)
    #expect(try database.historyEntry(uuid: "old") == nil, "purged as the app starts")
    #expect(try database.historyEntry(uuid: "new") != nil)
    #expect(!FileManager.default.fileExists(atPath: folder.audio.appendingPathComponent("old.wav").path))
    #expect(FileManager.default.fileExists(atPath: folder.audio.appendingPathComponent("new.wav").path))

    restarted.update { $0.retention = .twentyFourHours }
    #expect(try database.historyEntry(uuid: "new") == nil, "a day old: gone as soon as the setting is 24 hours")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.audio.path).isEmpty)
  }

  @Test("history off keeps no dictation and no audio; keep audio off keeps the text without its audio")
  func historyAndAudioOff() throws {
    let data = try TemporaryDirectory("utter-privacy-data")
    defer { data.remove() }
    let folder = DataFolder(root: data.url)
    let store = AppSettingsStore(data: folder, shared: nil)
    let database = try #require(store.database)
    let archive = HistoryArchive(database: database, origin: .app)

    store.update { $0.keepAudio = false }
    let textOnly = try #require(
      try archive.record(HistoryEntry(uuid: "t1", finalText: "Text only.", origin: .keyboard), audio: Self.second))
    #expect(textOnly.audioPath == nil && textOnly.finalText == "Text only.")

    store.update {
      $0.keepAudio = true
      $0.retention = .off
    }
    #expect(try database.historyEntry(uuid: "t1") == nil, "turning history off deletes what it held")
    #expect(
      try archive.record(HistoryEntry(uuid: "o1", finalText: "Gone.", origin: .keyboard), audio: Self.second) == nil)
    #expect(try database.historyEntry(uuid: "o1") == nil)
    let audio = (try? FileManager.default.contentsOfDirectory(atPath: folder.audio.path)) ?? []
    #expect(audio.isEmpty)
  }

  @Test("a deleted dictation's words are in none of Utter's files: the database, its log and the backup")
  func deletionLeavesNoCopy() throws {
    let data = try TemporaryDirectory("utter-privacy-data")
    defer { data.remove() }
    let folder = DataFolder(root: data.url)
    let backup = data.url.appendingPathComponent("utter.sqlite.backup")
    let word = "Quokkazanzibar"
    do {
      let store = AppSettingsStore(data: folder, shared: nil)
      let database = try #require(store.database)
      try HistoryArchive(database: database, origin: .app).record(
        HistoryEntry(uuid: "d1", finalText: "Meet \(word) at noon.", origin: .keyboard), audio: Self.second)
    }
    // A day later the backup is renewed with the dictation in it.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: backup.path)
    let store = AppSettingsStore(data: folder, shared: nil)
    let database = try #require(store.database)
    #expect(Self.files(in: data.url).contains { Self.holds(word, $0) }, "the test's word is on disk before")
    #expect(Self.holds(word, backup), "and in the backup")

    #expect(try database.deleteHistory(id: try #require(try database.historyEntry(uuid: "d1")?.id)))
    let holding = Self.files(in: data.url).filter { Self.holds(word, $0) }.map(\.lastPathComponent)
    #expect(holding.isEmpty, "still holding the deleted words: \(holding)")
    #expect(!FileManager.default.fileExists(atPath: folder.audio.appendingPathComponent("d1.wav").path))
  }

  @Test("the text before the cursor helps the clean-up but is not kept in history")
  func textBeforeCursorNotKept() throws {
    let data = try TemporaryDirectory("utter-privacy-data")
    defer { data.remove() }
    let store = AppSettingsStore(data: DataFolder(root: data.url), shared: nil)
    let database = try #require(store.database)
    let field = FieldContext(textBeforeCursor: "Private note about Quokkaprefix: ", keyboardType: "emailAddress")
    try HistoryArchive(database: database, origin: .app).record(
      HistoryEntry(uuid: "c1", finalText: "hello", origin: .keyboard, field: field), audio: [])
    let kept = try #require(try database.historyEntry(uuid: "c1"))
    #expect(kept.field.textBeforeCursor.isEmpty && kept.field.keyboardType == "emailAddress")
    #expect(!Self.files(in: data.url).contains { Self.holds("Quokkaprefix", $0) })
  }

  static func mode(_ url: URL) -> Int? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes?[.posixPermissions] as? NSNumber).map { $0.intValue & 0o777 }
  }

  static func files(in folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    return (walker?.allObjects as? [URL] ?? []).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  static func holds(_ word: String, _ file: URL) -> Bool {
    guard let bytes = try? Data(contentsOf: file) else { return false }
    return bytes.range(of: Data(word.utf8)) != nil
  }
}
