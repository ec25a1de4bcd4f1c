import Dictation
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing

@Suite("Learning words in a flow session")
struct WordLearnerTests {
  static func pipeline(store: TemporaryStore) -> DictationPipeline {
    let settings = DictationSettings.load(from: store.database)
    return DictationPipeline(
      settings: settings, loadEngine: { _ in ScriptedEngine([]) },
      formatter: DictationFormatter(
        settings: settings, providers: PolishProviders { id, _, _ in throw SpeechEngineError("no provider \(id)") }),
      archive: HistoryArchive(database: store.database, source: .keyboard))
  }

  @Test("the second correction teaches the term: the session's formatter writes it and the engine is told it at once")
  func learnedWithinTheSession() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let parts = Self.pipeline(store: store).hostParts()
    let field = FieldContext()
    let fix = [
      CorrectedWords(heard: "Shivor", corrected: "Siobhan"), CorrectedWords(heard: "lunch", corrected: "dinner"),
    ]

    let first = parts.learnCorrections(fix)
    #expect(first.vocabulary == nil)
    #expect(first.summary.contains("suggested 'Shivor' → 'Siobhan'"))
    #expect(first.summary.contains("not learned: lunch → dinner"))
    let before = await parts.format("ask shivor before lunch", field).text
    #expect(before == "Ask shivor before lunch.")

    let second = parts.learnCorrections(fix)
    #expect(second.vocabulary == ["Siobhan"])
    #expect(second.summary.hasPrefix("learned 'Siobhan'"))
    let after = await parts.format("ask shivor before lunch", field).text
    #expect(after == "Ask Siobhan before lunch.")
    #expect(try store.database.dictionaryEntries().map(\.origin) == [.learned])
  }

  @Test("with learning off a correction is neither kept nor applied")
  func off() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    try store.database.setSetting("learn-words", to: "off")
    let parts = Self.pipeline(store: store).hostParts()
    let fix = [CorrectedWords(heard: "Shivor", corrected: "Siobhan")]
    _ = parts.learnCorrections(fix)
    let second = parts.learnCorrections(fix)
    #expect(second.vocabulary == nil)
    #expect(second.summary.contains("learning is off"))
    #expect(try store.database.learningCandidates().isEmpty)
    let text = await parts.format("ask shivor", FieldContext()).text
    #expect(text == "Ask shivor.")
  }
}
