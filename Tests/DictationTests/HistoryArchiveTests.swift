import Dictation
import DictationValues
import Foundation
import SessionTestFakes
import SpeechEngine
import SpeechReading
import Storage
import TestSupport
import Testing

@Suite("History as every dictation's archive", .serialized)
struct HistoryArchiveTests {
  static let field = FieldContext(
    keyboardType: "default", contentType: "emailBody", appBundleID: "com.apple.mobilemail")

  static func dictation(_ id: String, status: DictationStatus = .complete) -> HistoryEntry {
    HistoryEntry(
      uuid: id, rawText: "hello there", finalText: "Hello there.",
      trace: [TraceStep(stage: "sentences", text: "Hello there.")], engine: "whisper", model: "tiny.en",
      language: "en", audioSeconds: 1.5, origin: .keyboard, field: field, status: status,
      createdAt: Date(timeIntervalSince1970: 1_795_341_600))
  }

  static let audio = [Float](repeating: 0.1, count: 24_000)

  @Test("a keyboard dictation is finished and kept with its text, language, field and audio (owner-only) for retry")
  func keepsEverything() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    var pipeline = TestPipeline.pipeline(ScriptedEngine([]), store: store)
    pipeline.clock = TestClock(Date(timeIntervalSince1970: 1_795_341_603)).clock
    let reading = DictationReading(
      id: "d1",
      transcript: Transcript(text: "hello there", segments: [], language: "en", engine: "whisper", model: "tiny.en"),
      audio: Self.audio, field: Self.field, origin: .keyboard,
      startedAt: Date(timeIntervalSince1970: 1_795_341_600))
    let archive = HistoryArchive(database: store.database, origin: .cli)
    let finished = await pipeline.finish(reading, in: archive).dictation
    #expect(finished.archiveError == nil)
    let entry = try #require(try store.database.historyEntry(uuid: "d1"))
    #expect(finished.entry == entry, "the finished dictation is the entry history keeps")
    #expect(entry.finalText == "Hello there.")
    #expect(entry.language == "en")
    #expect(entry.origin == .keyboard, "the dictation says who started it, not the archive")
    #expect(entry.field == Self.field)
    #expect(entry.processingSeconds == 1.5, "3 s after it started, minus 1.5 s of speech")
    let url = try #require(store.database.audioURL(for: entry))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect((attributes[.size] as? Int) == 44 + 2 * Self.audio.count)
  }

  @Test("a recovered dictation says so in its status and keeps who started it")
  func recoveredEntry() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    var dictation = Self.dictation("d2", status: .recovered)
    dictation.origin = .app
    let entry = try HistoryArchive(database: store.database, origin: .keyboard).record(dictation, audio: [])
    #expect(entry?.origin == .app)
    #expect(entry?.status == .recovered)
  }

  @Test("with keep-audio off the text is kept without audio; with retention off nothing is kept")
  func settingsDecide() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let archive = HistoryArchive(database: store.database, origin: .app)
    try store.database.setSetting("keep-audio", to: "off")
    let entry = try archive.record(Self.dictation("d3"), audio: Self.audio)
    #expect(entry?.audioPath == nil)
    try store.database.setSetting("retention", to: "off")
    #expect(try archive.record(Self.dictation("d4"), audio: Self.audio) == nil)
    #expect(try store.database.historyEntry(uuid: "d4") == nil)
  }

  @Test("audio that cannot be written costs the audio only: the text is recorded, and the trace says why")
  func audioFailureKeepsText() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let audioFolder = try #require(store.database.audioDirectory)
    try? FileManager.default.removeItem(at: audioFolder)
    try Data("not a folder".utf8).write(to: audioFolder)
    let entry = try HistoryArchive(database: store.database, origin: .app)
      .record(Self.dictation("d5"), audio: Self.audio)
    #expect(entry?.finalText == "Hello there.")
    #expect(entry?.audioPath == nil)
    #expect(entry?.trace.last?.stage == "audio not kept")
  }
}
