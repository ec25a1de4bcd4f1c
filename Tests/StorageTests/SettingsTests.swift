import Foundation
import SessionChannel
import TestSupport
import Testing

@testable import Storage

@Suite("Settings")
struct SettingsTests {
  @Test("defaults apply until something is saved", arguments: StoreKind.allCases)
  func defaults(kind: StoreKind) throws {
    let store = try StoreFixture(kind)
    defer { store.folder.remove() }
    let settings = try store.database.settings()
    #expect(settings == UtterSettings())
    #expect(settings.sessionTimeout == .fifteenMinutes)
    #expect(settings.retention == .forever)
    #expect(settings.typingWordsPerMinute == 40)
  }

  @Test("set then get returns the normalised value, and it persists across reopen")
  func setAndPersist() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.setSetting("session-timeout", to: "5min")
    try store.database.setSetting("language", to: "PT_br")
    try store.database.setSetting("haptics", to: "off")
    try store.database.setSetting("pending-offer-window", to: "2m")
    try store.database.close()
    let mode = try FileManager.default.attributesOfItem(atPath: store.folder.path("utter.sqlite").path)[
      .posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600, "only the owner can read dictations")
    let (reopened, _) = try AppDatabase.open(at: store.folder.url)
    let settings = try reopened.settings()
    #expect(try settings.value(forKey: "session-timeout") == "5m")
    #expect(settings.language == "pt-br")
    #expect(try settings.value(forKey: "haptics") == "off")
    #expect(settings.pendingOfferWindowSeconds == 120)
    #expect(try settings.value(forKey: "pending-offer-window") == "2m")
  }

  @Test("the languages you speak: codes normalised without repeats, empty for any, auto or a name refused")
  func spokenLanguages() throws {
    var settings = UtterSettings()
    #expect(settings.spokenLanguageList.isEmpty)
    try settings.setValue(" en, FR ,en,pt-BR", forKey: "languages")
    #expect(settings.spokenLanguages == "en,fr,pt-BR")
    #expect(settings.spokenLanguageList == ["en", "fr", "pt-BR"])
    for wrong in ["en,auto", "English", "en;fr"] {
      #expect(throws: (any Error).self, "\(wrong)") { try settings.setValue(wrong, forKey: "languages") }
    }
    #expect(settings.spokenLanguages == "en,fr,pt-BR", "a refused value changes nothing")
    try settings.setValue("", forKey: "languages")
    #expect(settings.spokenLanguageList.isEmpty)
  }

  @Test("a data folder created by the store is private to its owner")
  func privateFolder() throws {
    let parent = try TemporaryDirectory("utter-private")
    defer { parent.remove() }
    let folder = parent.path("data")
    _ = try AppDatabase.open(at: folder)
    let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o700)
  }

  @Test("unknown keys and bad values fail with one line that says what is expected")
  func validation() {
    var settings = UtterSettings()
    let cases: [(String, String, String)] = [
      ("colour", "red", "unknown setting 'colour' (known: engine, model,"),
      (
        "session-timeout", "7m", "invalid value '7m' for session-timeout: expected one of dictation, 5m, 15m, 1h, never"
      ),
      ("haptics", "maybe", "invalid value 'maybe' for haptics: expected on or off"),
      ("language", "english!", "expected a language code"),
      ("typing-speed", "0", "expected a number from 5 to 300"),
      ("pending-offer-window", "2h", "expected a duration from 0s to 1h"),
      ("engine", "Whis per", "expected an id"),
      ("agent-name", "", "expected a name of 1 to 40 characters"),
    ]
    for (key, value, expected) in cases {
      do {
        try settings.setValue(value, forKey: key)
        Issue.record("accepted \(key)=\(value)")
      } catch let error as StorageError {
        #expect(error.message.contains(expected), "\(error.message)")
        #expect(!error.message.contains("\n"))
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
    #expect(settings == UtterSettings(), "failed sets change nothing")
  }

  @Test("every key reads back what it was set to")
  func everyKeyRoundTrips() throws {
    var settings = UtterSettings()
    for descriptor in UtterSettings.descriptors {
      let value = try settings.value(forKey: descriptor.key)
      try settings.setValue(value, forKey: descriptor.key)
      #expect(try settings.value(forKey: descriptor.key) == value)
    }
    #expect(settings == UtterSettings())
  }

  @Test("settings saved by an older version keep their values and take defaults for new keys")
  func lenientDecoding() throws {
    let json = #"{"engine":"openai","sounds":false,"retention":"mystery","futureKey":1}"#
    let settings = try JSONDecoder().decode(UtterSettings.self, from: Data(json.utf8))
    #expect(settings.engine == "openai")
    #expect(settings.sounds == false)
    #expect(settings.retention == .forever)
    #expect(settings.haptics == true)
  }

  @Test("reset puts every setting back to its default")
  func reset() throws {
    let store = try StoreFixture(.inMemory)
    try store.database.setSetting("appearance", to: "dark")
    try store.database.resetSettings()
    #expect(try store.database.settings().appearance == .system)
  }

  @Test("polish is off for `none` and for no provider; any other id is the provider polishing")
  func activePolishProvider() {
    var settings = UtterSettings()
    #expect(settings.activePolishProvider == nil, "off by default")
    settings.polishProvider = ""
    #expect(settings.activePolishProvider == nil)
    settings.polishProvider = "groq"
    #expect(settings.activePolishProvider == "groq")
  }

  @Test("a polish model belongs to the provider it was saved for; one saved with polish off, to the next chosen")
  func polishModelPerProvider() throws {
    var settings = UtterSettings()
    try settings.setValue("llama-own", forKey: "polish-model")
    #expect(settings.polishModel(for: "openai-compatible") == nil, "saved with polish off: nobody's yet")
    try settings.setValue("openai-compatible", forKey: "polish-provider")
    #expect(settings.modelForPolish == "llama-own")
    try settings.setValue("groq", forKey: "polish-provider")
    #expect(settings.modelForPolish == "", "groq gets its own default")
    #expect(try settings.value(forKey: "polish-model") == "")
    #expect(settings.polishModel(for: "openai-compatible") == "llama-own", "kept for your own server")
    try settings.setValue("openai-compatible", forKey: "polish-provider")
    #expect(try settings.value(forKey: "polish-model") == "llama-own")

    // Saved before models were kept per provider: it stays with the provider chosen then.
    let legacy = #"{"polishProvider":"groq","polishModel":"llama-3.1-8b-instant"}"#
    let decoded = try JSONDecoder().decode(UtterSettings.self, from: Data(legacy.utf8))
    #expect(decoded.polishModel(for: "groq") == "llama-3.1-8b-instant")
    #expect(decoded.polishModel(for: "openai") == nil)
  }
}
