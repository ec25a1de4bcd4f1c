import Dictation
import DictationValues
import Foundation
import PhoneSession
import SessionChannel
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing
import WordChanges

@Suite("Learning words in a flow session")
struct WordLearnerTests {
  static func pipeline(store: TemporaryStore) -> DictationPipeline {
    let settings = DictationSettings.load(from: store.database)
    return DictationPipeline(
      engines: .only(ScriptedEngine([])),
      formatter: DictationFormatter(
        settings: settings, providers: PolishProviders { id, _, _ in throw SpeechEngineError("no provider \(id)") }),
      archive: HistoryArchive(database: store.database, origin: .keyboard))
  }

  @Test("the second correction teaches the term: the session's formatter writes it and the engine is told it at once")
  func learnedWithinTheSession() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let session = SessionLearning(Self.pipeline(store: store))
    let field = FieldContext()
    let fix = [
      CorrectedWords(heard: "Shivor", corrected: "Siobhan"), CorrectedWords(heard: "lunch", corrected: "dinner"),
    ]

    let first = session.learn(fix)
    #expect(first.vocabulary == nil)
    #expect(first.summary.contains("suggested 'Shivor' → 'Siobhan'"))
    #expect(first.summary.contains("not learned: lunch → dinner"))
    let before = await session.current.formatter.format("ask shivor before lunch", field: field).text.text
    #expect(before == "Ask shivor before lunch.")

    let second = session.learn(fix)
    #expect(second.vocabulary == ["Siobhan"])
    #expect(second.summary.hasPrefix("learned 'Siobhan'"))
    let after = await session.current.formatter.format("ask shivor before lunch", field: field).text.text
    #expect(after == "Ask Siobhan before lunch.")
    #expect(try store.database.dictionaryEntries().map(\.origin) == [.learned])
  }

  @Test("with learning off a correction is neither kept nor applied")
  func off() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    try store.database.setSetting("learn-words", to: "off")
    let session = SessionLearning(Self.pipeline(store: store))
    let fix = [CorrectedWords(heard: "Shivor", corrected: "Siobhan")]
    _ = session.learn(fix)
    let second = session.learn(fix)
    #expect(second.vocabulary == nil)
    #expect(second.summary.contains("learning is off"))
    #expect(try store.database.learningCandidates().isEmpty)
    let text = await session.current.formatter.format("ask shivor", field: FieldContext()).text.text
    #expect(text == "Ask shivor.")
  }
}
