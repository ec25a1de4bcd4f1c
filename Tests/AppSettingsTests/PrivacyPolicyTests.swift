import AppSettings
import CloudSpeech
import Dictation
import DictationValues
import Foundation
import LLMPolish
import ModelInstallation
import SessionChannel
import Storage
import TestSupport
import Testing

/// The privacy policy's sentences against the code they describe: the names and defaults it states are the code's,
/// and docs/privacy.md is the text the app shows. What the storage and the providers do is in
/// `PrivacyPolicyStorageTests` and `PrivacyPolicyProviderTests`; the keyboard's and the app's network reach is in
/// PhoneRulesTests' `PrivacyNetworkTests`.
@Suite("The privacy policy says what the code does")
struct PrivacyPolicyTests {
  static let regenerate = "scripts/privacy-doc.sh writes it from Sources/AppSettings/PrivacyPolicy.swift"

  @Test("docs/privacy.md is the policy the app shows, word for word")
  func documentIsTheAppsText() throws {
    let file = PackagePaths.file("docs/privacy.md")
    if ProcessInfo.processInfo.environment["UTTER_WRITE_PRIVACY_DOC"] == "1" {
      try Data(PrivacyPolicy.markdown.utf8).write(to: file)
    }
    let document = try String(contentsOf: file, encoding: .utf8)
    #expect(document == PrivacyPolicy.markdown, "docs/privacy.md is out of date: \(Self.regenerate)")
  }

  @Test("history's choices and defaults are the settings' own: Forever by default, audio and learning on, copy off")
  func defaults() {
    let defaults = UtterSettings()
    #expect(defaults.retention == .forever && defaults.keepAudio && defaults.learnWords && !defaults.autoCopy)
    let history = PrivacyPolicy.history.sentences.joined(separator: " ")
    #expect(history.contains("offers Forever, 30 days, 24 hours and Off; the default is Forever."))
    #expect(history.contains("“Learn from my corrections” (on by default)"))
    #expect(PrivacyPolicy.onTheIPhone.sentences.contains { $0.contains("“Keep audio for retry” is on (the default)") })
    #expect(PrivacyPolicy.keyboard.sentences.contains { $0.contains("“Copy each dictation” on (off by default)") })
  }

  @Test("by default nothing leaves the iPhone: the engine is Whisper on the device and polish is off")
  func onDeviceByDefault() {
    let defaults = UtterSettings()
    #expect(defaults.engine == EngineChoice.whisperID && defaults.polishProvider == "none")
    #expect(!CloudSpeechEngines.entries.map(\.descriptor.id).contains(defaults.engine), "not a cloud engine")
    #expect(PrivacyPolicy.leavingTheIPhone.sentences[0].hasPrefix("By default the engine is a Whisper model on the"))
  }

  @Test("the cloud engines and polish providers named are the ones Settings offers")
  func providersNamed() {
    #expect(PrivacyPolicy.cloudEngines == CloudSpeechEngines.offered.map(\.name))
    #expect(PrivacyPolicy.polishProviders == ["OpenAI", "Anthropic", "Gemini", "Groq", "Mistral"])
    let leaving = PrivacyPolicy.leavingTheIPhone.sentences.joined(separator: " ")
    #expect(leaving.contains("a cloud engine (OpenAI, Groq, Mistral or Deepgram)"))
    #expect(leaving.contains("a polish provider (OpenAI, Anthropic, Gemini, Groq or Mistral)"))
  }

  @Test("models come from Hugging Face's whisperkit-coreml repository, 75 MB to 632 MB, and stay out of backups")
  func modelDownloads() throws {
    let list = ModelFileList(folder: "openai_whisper-base", files: [.init(path: "config.json", size: 1)])
    let file = try #require(list.url(of: list.files[0]))
    #expect(file.host == "huggingface.co" && file.path.hasPrefix("/argmaxinc/whisperkit-coreml/"))
    #expect(ModelFileList.listingURL(variant: "base")?.host == "huggingface.co")
    let sizes = WhisperModelChoice.all.map(\.megabytes)
    #expect((sizes.min(), sizes.max()) == (75, 632))
    let text = PrivacyPolicy.markdown
    #expect(
      text.contains("(75 MB to 632 MB each)") && text.contains("(huggingface.co, the argmaxinc/whisperkit-coreml"))
    // Only the models folder is excluded from backup, so the rest of the data folder is backed up as iOS does.
    var excluders: [String] = []
    for folder in ["Sources", "App"] {
      for file in Self.swiftFiles(under: PackagePaths.file(folder))
      where try String(contentsOf: file, encoding: .utf8).contains("isExcludedFromBackup = true") {
        excluders.append(file.lastPathComponent)
      }
    }
    #expect(excluders == ["ModelFiles.swift"])
    let makeFolder = try String(
      contentsOf: PackagePaths.file("Sources/ModelInstallation/ModelFiles.swift"), encoding: .utf8)
    #expect(makeFolder.contains("var models = data.models"), "what it excludes is the models folder")
  }

  @Test("the keyboard's request log, its shared terms and the shared folder are as the channel has them")
  func sharedFolder() throws {
    #expect(CommandLog.capacity == 16 && KeyboardSettings.maxTerms == 500)
    let keyboard = PrivacyPolicy.keyboard.sentences.joined(separator: " ")
    #expect(
      keyboard.contains("its last 16 requests (start, stop, cancel, keep going, end the session, inserted and edited)"))
    #expect(
      keyboard.contains("In the shared folder (Channel)") && keyboard.contains("up to 500 of your dictionary's terms"))
    let group = try TemporaryDirectory("utter-privacy-group")
    defer { group.remove() }
    let folder = SharedFolder(appGroup: group.url)
    var settings = UtterSettings()
    settings.appearance = .dark
    let terms = (1...600).map { DictionaryEntry(term: "Term\($0)") }
    try KeyboardSettings.share(settings, terms: terms, in: folder)
    let shared = try KeyboardSettings.read(from: folder)
    #expect(shared.dictionaryTerms.count == 500 && shared.appearance == "dark")
    #expect(folder.keyboardSettings.deletingLastPathComponent().lastPathComponent == "Channel")
  }

  @Test("onboarding's Full Access box is the keyboard section's opening: the microphone, no network, what it tells")
  func onboardingWhyFullAccess() {
    let why = PrivacyPolicy.whyFullAccess
    #expect(why.count == 4 && why == Array(PrivacyPolicy.keyboard.sentences.prefix(4)))
    #expect(
      why[0].hasPrefix("iOS does not let keyboards use the microphone, so the Utter app records for its keyboard"))
    #expect(why[1].hasPrefix("The keyboard has no network code") && why[3].contains("before and after your edit"))
  }

  @Test("the Live Activity's state holds the phase, a word count and the end: no words")
  func liveActivityShowsNoWords() {
    let state = SessionActivityState(phase: .listening, wordsThisSession: 12, endsAt: nil)
    let fields = Mirror(reflecting: state).children.compactMap(\.label)
    #expect(fields == ["phase", "wordsThisSession", "endsAt"])
    #expect(
      PrivacyPolicy.keyboard.sentences.last?.hasSuffix("how many words it has delivered, never the words.") == true)
  }

  @Test("every target's privacy manifest declares no data collected and no tracking")
  func manifestsCollectNothing() throws {
    for target in ["Utter", "UtterKeyboard", "UtterWidgets"] {
      let data = try Data(contentsOf: PackagePaths.file("App/\(target)/PrivacyInfo.xcprivacy"))
      let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
      #expect((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, "\(target) collects data")
      #expect(plist["NSPrivacyTracking"] as? Bool == false, "\(target) tracks")
      #expect((plist["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true, "\(target) names tracking domains")
    }
  }

  @Test("keys live in the Keychain on this device only, after first unlock, and Settings never shows one again")
  func keysInTheKeychain() throws {
    let keychain = try String(
      contentsOf: PackagePaths.file("Sources/KeyStore/KeychainSecretStore.swift"), encoding: .utf8)
    #expect(keychain.contains("kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"))
    #expect(!keychain.contains("kSecAttrSynchronizable"), "a synchronizable item would go to iCloud Keychain")
    let app = try String(contentsOf: PackagePaths.file("App/Utter/App/AppModel.swift"), encoding: .utf8)
    #expect(app.contains("let keys: any SecretStore = KeychainSecretStore()"))
    let keysView = try String(contentsOf: PackagePaths.file("App/Utter/Settings/KeysView.swift"), encoding: .utf8)
    #expect(keysView.contains("\"Saved\"") && !keysView.contains("keys.get("), "a saved key is never read back to show")
    #expect(PrivacyPolicy.keys.sentences[0] == PrivacyPolicy.keysInTheKeychain)
  }

  @Test("history is purged whenever the app comes back on screen, as the policy says")
  func purgedOnScreen() throws {
    let app = try String(contentsOf: PackagePaths.file("App/Utter/App/AppModel.swift"), encoding: .utf8)
    let becameActive = try #require(app.range(of: "func becameActive() {"))
    let body = app[becameActive.upperBound...].prefix { $0 != "}" }
    #expect(body.contains("database?.purgeExpired()"))
  }

  static func swiftFiles(under folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }
}
