import AudioInput
import Dictation
import DictationValues
import Foundation
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing

@Suite(
  "Retry: a kept dictation transcribed again, the same way for the app, the CLI and Shortcuts", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct DictationRetryTests {
  static func keptEntry(in store: TemporaryStore, field: FieldContext) throws -> HistoryEntry {
    let audio = try TestPipeline.speech(in: store.folder)
    let archive = HistoryArchive(database: store.database, origin: .cli)
    let dictation = HistoryEntry(
      uuid: "s1-1", rawText: "meet me at the harbor", finalText: "Meet me at the harbor.", engine: "whisper",
      model: "tiny.en", language: "en", audioSeconds: 1.5, origin: .keyboard, field: field,
      createdAt: Date(timeIntervalSince1970: 1_795_341_600))
    return try #require(try archive.record(dictation, audio: audio))
  }

  @Test("the entry is updated in place with the new reading, cleaned up for the field it was dictated into")
  func updatesInPlace() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let entry = try Self.keptEntry(in: store, field: FieldContext(contentType: "emailAddress"))
    let engine = ScriptedEngine(["anna at example dot com"])
    let pipeline = TestPipeline.pipeline(engine, store: store)
    let (updated, outcome) = try await pipeline.retry(entry, in: store.database)
    #expect(updated.id == entry.id)
    #expect(updated.rawText == "anna at example dot com")
    #expect(updated.finalText == outcome.text)
    #expect(updated.finalText == "anna@example.com", "an e-mail field gets an address, as it did the first time")
    #expect(try store.database.historyCount() == 1, "no second entry")
    #expect(engine.callCount >= 1)
  }

  @Test(
    "a retried chat dictation keeps its field, French and the casual style: read in French, cleaned up casually"
  )
  func keepsTheWholeField() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let chat = FieldContext(
      keyboardType: "twitter", appBundleID: "com.apple.MobileSMS", language: "fr", style: "casual")
    let entry = try Self.keptEntry(in: store, field: chat)
    let engine = ScriptedEngine(["on se voit demain au port"])
    let (updated, outcome) = try await TestPipeline.pipeline(engine, store: store).retry(
      entry, in: store.database)
    #expect(!engine.languages.isEmpty)
    #expect(engine.languages.allSatisfy { $0 == "fr" }, "read in the field's language: \(engine.languages)")
    #expect(outcome.text == "On se voit demain au port", "casual: a single sentence keeps no period")
    #expect(updated.finalText == "On se voit demain au port")
    let kept = try #require(try store.database.historyEntry(uuid: "s1-1"))
    #expect(kept.field == chat)
    #expect(kept.origin == .keyboard)
    #expect(kept.fieldLanguage == "fr")
    #expect(kept.style == "casual")
  }

  @Test("an entry without its audio says why in one line and is left as it was")
  func missingAudio() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let entry = try Self.keptEntry(in: store, field: FieldContext())
    let url = try #require(store.database.audioURL(for: entry))
    try FileManager.default.removeItem(at: url)
    let pipeline = TestPipeline.pipeline(ScriptedEngine(["other words"]), store: store)
    await #expect(throws: RetryError.self) { _ = try await pipeline.retry(entry, in: store.database) }
    do {
      _ = try await pipeline.retry(entry, in: store.database)
    } catch let error as RetryError {
      #expect(error.description.contains("audio file is missing"))
      #expect(!error.description.contains("\n"))
    }
    #expect(try store.database.historyEntry(uuid: "s1-1")?.finalText == "Meet me at the harbor.")
  }

  @Test("a reading that hears nothing leaves the entry's text as it was")
  func nothingHeard() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let entry = try Self.keptEntry(in: store, field: FieldContext())
    let pipeline = TestPipeline.pipeline(ScriptedEngine(["[BLANK_AUDIO]"]), store: store)
    await #expect(throws: RetryError.self) { _ = try await pipeline.retry(entry, in: store.database) }
    #expect(try store.database.historyEntry(uuid: "s1-1")?.finalText == "Meet me at the harbor.")
  }
}
