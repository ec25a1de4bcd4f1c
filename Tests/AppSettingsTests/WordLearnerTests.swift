import AppSettings
import Dictation
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing
import WordMatching

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

  @Test("a retyped clause teaches the term typed in it, in place of the heard words that sound like it, and no more")
  func clauseTeachesItsTerm() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let learner = WordLearner(database: store.database, dictionary: LiveDictionary([]))
    let clause = CorrectedWords(
      heard: "If I look to", corrected: "Aoife booked", heardInAudio: false, context: ["the"])
    let retyped = CorrectedWords(
      heard: "before lunch on the terrace", corrected: "after the big review meeting", heardInAudio: false)

    _ = learner.learn([clause, retyped])
    let second = learner.learn([clause, retyped])
    #expect(second.learned.map(\.term) == ["Aoife"])
    #expect(second.rejected.isEmpty, "a clause with no name or term in it teaches nothing, word by word or whole")
    let taught = try #require(try store.database.learnedCorrections().first)
    #expect((taught.heard, taught.corrected) == ("If I", "Aoife"))
    #expect(second.learnedForms?.first?.context == ["look", "the"])
    #expect(second.learnedForms?.first?.guarded == true, "'If I' are common words: only the audio makes them Aoife")
  }

  @Test("a term typed with an ordinary word beside it is learned alone: 'next code' → 'in Xcode' teaches Xcode")
  func termBesideOrdinaryWords() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let learner = WordLearner(database: store.database, dictionary: LiveDictionary([]))
    let fix = CorrectedWords(heard: "next code", corrected: "in Xcode", heardInAudio: false, context: ["project"])
    let city = CorrectedWords(heard: "new work", corrected: "New York", heardInAudio: false)
    _ = learner.learn([fix, city])
    let second = learner.learn([fix, city])
    #expect(second.learned.map(\.term).sorted() == ["New York", "Xcode"], "a name of two words stays whole")
    #expect(try store.database.dictionaryEntries().map(\.term).sorted() == ["New York", "Xcode"])
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
