import AudioInput
import Dictation
import DictationValues
import Foundation
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing

@Suite("One dictation pipeline for every entry point", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct DictationPipelineTests {
  @Test("speech is transcribed, cleaned up and kept in history, with its audio, before it is returned")
  func dictationIsKept() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let engine = ScriptedEngine(["um meet me at the harbour"])
    let outcome = try await TestPipeline.pipeline(engine, store: store).run(try TestPipeline.speech(in: store.folder))
    #expect(outcome.text == "Meet me at the harbour.")
    #expect(outcome.rawText == "um meet me at the harbour")
    let entry = try #require(try store.database.historyEntry(uuid: outcome.id))
    #expect(entry.finalText == "Meet me at the harbour.")
    #expect(entry.origin == .app)
    #expect(entry.audioPath != nil)
    #expect(outcome.historyID == entry.id)
  }

  @Test("what the engine invents over a noise is dropped: nothing is returned or kept")
  func inventedTextIsDropped() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let engine = ScriptedEngine(["[BLANK_AUDIO]"])
    let outcome = try await TestPipeline.pipeline(engine, store: store).run(try TestPipeline.speech(in: store.folder))
    #expect(engine.callCount >= 1)
    #expect(outcome.rawText.isEmpty)
    #expect(outcome.text.isEmpty)
    #expect(try store.database.historyCount() == 0)
  }

  @Test("polish that cannot run still returns and keeps the clean-up's text, with the reason")
  func polishFailureKeepsText() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    try store.database.setSetting("polish-provider", to: "groq")
    let outcome = try await TestPipeline.pipeline(ScriptedEngine(["meet me at the harbour"]), store: store)
      .run(try TestPipeline.speech(in: store.folder))
    #expect(outcome.text == "Meet me at the harbour.")
    #expect(outcome.notice?.hasPrefix("polish skipped:") == true)
    #expect(try store.database.historyEntry(uuid: outcome.id)?.finalText == "Meet me at the harbour.")
  }
}
