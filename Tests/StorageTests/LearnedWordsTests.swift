import DictationValues
import Foundation
import TestSupport
import Testing

@testable import Storage
@testable import TextPipeline

@Suite("Words learned from corrections")
struct LearnedWordsTests {
  static let siobhan = LearnableCorrection(
    heard: "Shivor", corrected: "Siobhan", kind: .soundsAlike, replacesHeard: true)
  static let niamh = LearnableCorrection(heard: "I am", corrected: "Niamh", kind: .soundsAlike, replacesHeard: false)

  @Test("a correction made once is a suggestion; made twice it is a learned term that replaces the heard form")
  func learnedOnTheSecondCorrection() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    #expect(try store.database.recordCorrection(Self.siobhan) == .suggested(count: 1))
    #expect(try store.database.dictionaryEntries().isEmpty)
    let suggestions = try store.database.learningCandidates()
    #expect(suggestions.map(\.corrected) == ["Siobhan"])
    #expect(suggestions.first?.count == 1)
    #expect(suggestions.first?.firstSeen == StoreFixture.start)

    guard case .learned(let entry) = try store.database.recordCorrection(Self.siobhan) else {
      Issue.record("the second correction should be learned")
      return
    }
    #expect(entry.term == "Siobhan")
    #expect(entry.replacements == ["Shivor"])
    #expect(entry.origin == .learned)
    #expect(!entry.matchBySound, "a learned term changes only the form the user corrected")
    #expect(try store.database.dictionaryEntries() == [entry])
    #expect(try store.database.learningCandidates().isEmpty, "a learned term is no longer a suggestion")
    let formatted = TextPipeline(configuration: PipelineConfiguration(dictionary: [entry])).run("ask Shivor now")
    #expect(formatted.text == "Ask Siobhan now.")
  }

  @Test("a name heard as common words is learned as an engine hint, never as a rule for those words")
  func commonWordsAreNeverReplaced() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.recordCorrection(Self.niamh)
    try store.database.recordCorrection(Self.niamh)
    let entries = try store.database.dictionaryEntries()
    #expect(entries.map(\.term) == ["Niamh"])
    #expect(entries.first?.replacements == [])
    #expect(Vocabulary.prompt(for: entries) == ["Niamh"])
    let formatted = TextPipeline(configuration: PipelineConfiguration(dictionary: entries)).run("I am late")
    #expect(formatted.text == "I am late.")
  }

  @Test("confirming a suggestion learns it at once; forgetting removes it and it is not learned again")
  func confirmAndForget() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.recordCorrection(Self.siobhan)
    #expect(try store.database.confirmLearning(term: "siobhan")?.term == "Siobhan")
    #expect(try store.database.dictionaryEntries().map(\.origin) == [.learned])
    #expect(try store.database.forgetLearned(term: "SIOBHAN"))
    #expect(try store.database.dictionaryEntries().isEmpty)
    #expect(try store.database.recordCorrection(Self.siobhan) == .dismissed)
    #expect(try store.database.recordCorrection(Self.siobhan) == .dismissed)
    #expect(try store.database.dictionaryEntries().isEmpty)
    #expect(try store.database.forgetLearned(term: "Grafana") == false)
    #expect(try store.database.confirmLearning(term: "Grafana") == nil)
  }

  @Test("forgetting never removes a term the user added")
  func manualTermsStay() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.saveDictionaryEntry(DictionaryEntry(term: "Siobhan"))
    try store.database.recordCorrection(Self.siobhan)
    try store.database.recordCorrection(Self.siobhan)
    let entry = try store.database.dictionaryEntries().first
    #expect(entry?.origin == .manual)
    #expect(entry?.replacements == ["Shivor"], "the heard form joins the user's own term")
    try store.database.forgetLearned(term: "Siobhan")
    #expect(try store.database.dictionaryEntries().map(\.term) == ["Siobhan"])
  }

  @Test("with learning off, or retention off, nothing is learned or kept", arguments: ["learn-words", "retention"])
  func off(setting: String) throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.recordCorrection(Self.siobhan)
    try store.database.setSetting(setting, to: "off")
    #expect(try store.database.learningCandidates().isEmpty, "turning it off deletes the suggestions")
    #expect(try store.database.recordCorrection(Self.siobhan) == .off)
    #expect(try store.database.recordCorrection(Self.siobhan) == .off)
    #expect(try store.database.learningCandidates().isEmpty)
    #expect(try store.database.dictionaryEntries().isEmpty)
    #expect(try !store.database.learnsWords())
  }

  @Test("learned terms keep their origin through export and import")
  func exportKeepsOrigin() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.recordCorrection(Self.siobhan)
    try store.database.recordCorrection(Self.siobhan)
    let archive = try store.database.exportArchive()
    let copy = try StoreFixture(.inMemory)
    defer { copy.folder.remove() }
    try copy.database.importJSON(try archive.jsonData())
    #expect(try copy.database.dictionaryEntries().map(\.origin) == [.learned])
  }

  @Test("learned corrections keep why and the words around them; a refused one is kept to say why, never learned")
  func evidenceAndContext() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    var niamh = Self.niamh
    niamh.evidence = "the audio, read again with it as the prompt, says 'Niamh'"
    try store.database.recordCorrection(niamh, context: ["and", "before"])
    let refused = LearnableCorrection(
      heard: "Friday", corrected: "Monday", kind: .notLearned, replacesHeard: false,
      evidence: "common words: a change of mind")
    try store.database.recordCorrection(refused)
    #expect(try store.database.recordCorrection(refused) == .suggested(count: 2), "refused twice, still not learned")
    let shown = try store.database.learningCandidates()
    #expect(shown.map(\.evidence).sorted() == ["common words: a change of mind", niamh.evidence])
    #expect(try store.database.learnedCorrections().isEmpty)

    try store.database.recordCorrection(niamh, context: ["and", "lunch"])
    let learned = try store.database.learnedCorrections()
    #expect(learned.map(\.heard) == ["I am"])
    #expect(learned.first?.context == ["and", "before", "lunch"])
    #expect(learned.first?.replacesHeard == false)
    #expect(try store.database.dictionaryEntries().map(\.term) == ["Niamh"])
  }
}
