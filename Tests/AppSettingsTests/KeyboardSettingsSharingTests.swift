import AppSettings
import Dictation
import DictationValues
import Foundation
import KeyboardModel
import SessionChannel
import SessionTestFakes
import Storage
import TestSupport
import Testing
import TextPipeline
import WordMatching

@Suite("The keyboard reads the settings the app shares")
struct KeyboardSettingsSharingTests {
  @Test("what the app shares in the App Group is what the keyboard configures itself with")
  func appWritesKeyboardReads() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    // Both sides are given only the App Group's folder, as the app and the keyboard extension are on a phone.
    let appSide = SharedFolder(appGroup: group.url)
    let keyboardSide = SharedFolder(appGroup: group.url)
    var settings = UtterSettings()
    settings.pendingOfferWindowSeconds = 45
    settings.sessionTimeout = .never
    settings.language = "fr"
    try KeyboardSettings.share(settings, in: appSide)
    let configuration = try KeyboardSettings.read(from: keyboardSide)
    #expect(configuration.pendingResultWindowSeconds == 45, "not the default 120 s")
    let shared = try KeyboardSettings.read(from: keyboardSide)
    #expect(shared.language == "fr")
  }

  @Test("the dictionary's terms reach the suggestion bar without the database: the user's first, bounded")
  func dictionaryTerms() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let store = try AppDatabase.inMemory()
    try store.saveDictionaryEntry(DictionaryEntry(term: "Siobhan", origin: .learned))
    try store.saveDictionaryEntry(DictionaryEntry(term: "Kubernetes"))
    try KeyboardSettings.share(from: store, in: SharedFolder(appGroup: group.url))
    let configuration = try KeyboardSettings.read(from: SharedFolder(appGroup: group.url))
    #expect(configuration.dictionaryTerms == ["Kubernetes", "Siobhan"])
    #expect(
      Suggestions.rank(word: "Sio", candidates: ["Sion", "Sioux"], terms: configuration.dictionaryTerms)
        == ["Siobhan", "Sion", "Sioux"])

    let many = (0..<2_000).map { "Term\($0)" } + [String(repeating: "x", count: 200), "term1"]
    let bounded = KeyboardSettings(UtterSettings(), terms: many.map { DictionaryEntry(term: $0) })
    #expect(bounded.dictionaryTerms.count == KeyboardSettings.maxTerms)
    #expect(!bounded.dictionaryTerms.contains { $0.count > KeyboardSettings.maxTermLength })
    let url = try bounded.write(to: SharedFolder(appGroup: group.url))
    #expect(try Data(contentsOf: url).count < 16 * 1024, "the keyboard reads a small file")
  }

  @Test("the saved styles reach the keyboard's style switch after the built-in ones, by name, without their prompts")
  func savedStyles() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let store = try AppDatabase.inMemory()
    try store.saveStyle(SavedStyle(name: "Team chat", kind: "casual", prompt: "Secret plans.", translateTo: "en"))
    try store.saveStyle(SavedStyle(name: "Formal", kind: "formal", prompt: "Sir."))
    try KeyboardSettings.share(from: store, in: SharedFolder(appGroup: group.url))
    let url = SharedFolder(appGroup: group.url).keyboardSettings
    let shared = try KeyboardSettings.read(from: SharedFolder(appGroup: group.url))
    #expect(shared.styles == ["Formal", "Team chat"])
    #expect(
      shared.styleChoices.map(\.name) == ["natural", "formal", "casual", "very-casual", "verbatim", "Team chat"],
      "a saved style named as a built-in one is offered once")
    #expect(!String(decoding: try Data(contentsOf: url), as: UTF8.self).contains("Secret"), "no prompt is shared")
    let many = KeyboardSettings(
      UtterSettings(), styles: (0..<100).map { SavedStyle(name: "Style \($0)", kind: "natural") })
    #expect(many.styles.count == KeyboardSettings.maxStyles)
  }

  @Test("a running session gives the keyboard its terms: at its start, a term it learns, one added while it runs")
  func sessionSharesTerms() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let keyboard = SharedFolder(appGroup: group.url)
    let suggested = { (word: String) in
      Suggestions.rank(word: word, candidates: [], terms: try KeyboardSettings.read(from: keyboard).dictionaryTerms)
    }
    try store.database.saveDictionaryEntry(DictionaryEntry(term: "Kubernetes"))
    let session = SessionLearning(WordLearnerTests.pipeline(store: store), keyboard: keyboard)
    #expect(try suggested("kub") == ["Kubernetes"], "shared as the session starts, as the app does at launch")

    let fix = [CorrectedWords(heard: "Shivor", corrected: "Siobhan")]
    _ = session.learn(fix)
    #expect(try suggested("Sio") == [], "a correction made once is only a suggestion for the dictionary")
    _ = session.learn(fix)
    #expect(try suggested("Sio") == ["Siobhan"], "learned the second time: the keyboard suggests it at once")

    try store.database.saveDictionaryEntry(DictionaryEntry(term: "Niamh"))
    #expect(session.refresh()?.contains("dictionary") == true)
    #expect(try suggested("nia") == ["Niamh"], "added while the session runs: shared at the next dictation's start")
  }

  @Test("the keyboard takes the app's Light or Dark choice; the session timeout, which it never reads, stays home")
  func appearanceShared() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    var settings = UtterSettings()
    settings.appearance = .dark
    settings.sessionTimeout = .never
    let url = try KeyboardSettings.share(settings, in: SharedFolder(appGroup: group.url))
    #expect(try KeyboardSettings.read(from: SharedFolder(appGroup: group.url)).appearance == "dark")
    #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("sessionTimeout"))
  }

  @Test("the file is small sorted JSON, replaced atomically, with nothing left beside it")
  func fileShape() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let folder = SharedFolder(appGroup: group.url)
    var settings = UtterSettings()
    settings.appearance = .dark
    settings.sounds = false
    settings.language = "fr"
    settings.pendingOfferWindowSeconds = 45
    settings.autoCopy = true
    let url = try KeyboardSettings.share(settings, in: folder)
    #expect(url == folder.keyboardSettings)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == #"{"appearance":"dark","autoCopy":true,"dictionaryTerms":[],"haptics":true,"language":"fr","pendingResultWindowSeconds":45,"sounds":false,"styles":[],"version":1}"#
    )
    settings.sounds = true
    try KeyboardSettings.share(settings, in: folder)
    #expect(try KeyboardSettings.read(from: folder).sounds)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.channel.path) == ["keyboard-settings.json"])
  }

  @Test("a keyboard with nothing shared yet runs on the defaults; a damaged file is an error, not a crash")
  func missingAndDamaged() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let folder = SharedFolder(appGroup: group.url)
    #expect(try KeyboardSettings.read(from: folder).pendingResultWindowSeconds == 120)
    try FileManager.default.createDirectory(at: folder.channel, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: folder.keyboardSettings)
    #expect(throws: (any Error).self) { try KeyboardSettings.read(from: folder) }
  }
}
