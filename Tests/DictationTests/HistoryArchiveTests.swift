import Dictation
import DictationHost
import DictationValues
import Foundation
import Storage
import TestSupport
import Testing

@Suite("History as every dictation's archive", .serialized)
struct HistoryArchiveTests {
  static func dictation(_ id: String, recovered: Bool = false) -> ArchivedDictation {
    ArchivedDictation(
      id: id, sessionID: "s1", createdAt: 1_795_341_600, text: "Hello there.", rawText: "hello there",
      duration: 1.5, engine: "whisper", model: "tiny.en", recovered: recovered,
      trace: [TraceStep(stage: "sentences", text: "Hello there.")], keyboardType: "default",
      contentType: "emailBody", language: "en")
  }

  static let audio = [Float](repeating: 0.1, count: 24_000)

  @Test("a keyboard dictation keeps its text, language, context and audio (owner-only) for retry")
  func keepsEverything() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let archive = HistoryArchive(
      database: store.database, source: .keyboard, clock: TestClock(Date(timeIntervalSince1970: 1_795_341_603)).clock)
    let entry = try #require(try archive.recordEntry(Self.dictation("d1"), audio: Self.audio))
    #expect(entry.finalText == "Hello there.")
    #expect(entry.language == "en")
    #expect(entry.source == .keyboard)
    #expect(entry.context == "emailBody")
    #expect(entry.processingSeconds == 1.5, "3 s after it started, minus 1.5 s of speech")
    let url = try #require(store.database.audioURL(for: entry))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect((attributes[.size] as? Int) == 44 + 2 * Self.audio.count)
  }

  @Test("a recovered dictation says so, whatever the archive's source")
  func recoveredEntry() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let entry = try HistoryArchive(database: store.database, source: .keyboard)
      .recordEntry(Self.dictation("d2", recovered: true), audio: [])
    #expect(entry?.source == .recovered)
    #expect(entry?.status == .recovered)
  }

  @Test("with keep-audio off the text is kept without audio; with retention off nothing is kept")
  func settingsDecide() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let archive = HistoryArchive(database: store.database, source: .app)
    try store.database.setSetting("keep-audio", to: "off")
    let entry = try archive.recordEntry(Self.dictation("d3"), audio: Self.audio)
    #expect(entry?.audioPath == nil)
    try store.database.setSetting("retention", to: "off")
    #expect(try archive.recordEntry(Self.dictation("d4"), audio: Self.audio) == nil)
    #expect(try store.database.historyEntry(uuid: "d4") == nil)
  }

  @Test("audio that cannot be written costs the audio only: the text is recorded, and the trace says why")
  func audioFailureKeepsText() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let audioFolder = try #require(store.database.audioDirectory)
    try? FileManager.default.removeItem(at: audioFolder)
    try Data("not a folder".utf8).write(to: audioFolder)
    let entry = try HistoryArchive(database: store.database, source: .app)
      .recordEntry(Self.dictation("d5"), audio: Self.audio)
    #expect(entry?.finalText == "Hello there.")
    #expect(entry?.audioPath == nil)
    #expect(entry?.trace.last?.stage == "audio not kept")
  }
}
