import DictationValues
import Foundation

/// Every user preference, with defaults. Stored as versioned JSON; keys missing from an older copy take defaults.
public struct UtterSettings: Codable, Sendable, Hashable {
  /// The layout version written with the settings.
  public static let currentVersion = 1

  /// The speech engine's id, e.g. `whisper` or `openai`.
  public var engine = "whisper"
  /// The engine's model, e.g. `base` or `small.en`.
  public var model = "tiny.en"
  /// The address of your own speech server (`openai-compatible`: `utter serve` or another), e.g.
  /// `http://192.168.1.20:8080`; empty: none.
  public var engineBaseURL = ""
  /// The model asked of your own speech server; empty: the server's own. Kept apart from `model`, so that it is
  /// saved whichever engine is chosen.
  public var engineServerModel = ""
  /// The spoken language, e.g. `en`, or `auto` to detect it.
  public var language = LanguageChoice.automatic
  /// The LLM polish provider's id, or `none` for deterministic clean-up only.
  public var polishProvider = "none" {
    // NB: a model saved while polish was off belongs to the first provider chosen after it.
    didSet { if polishModelProvider.isEmpty, !polishModel.isEmpty, activePolishProvider != nil { bindPolishModel() } }
  }
  /// The polish provider's id, or nil when polish is off (`none` or empty).
  public var activePolishProvider: String? {
    polishProvider.isEmpty || polishProvider == "none" ? nil : polishProvider
  }
  /// The polish model last saved, for `polishModelProvider` only (`modelForPolish`).
  public var polishModel = ""
  /// The provider `polishModel` was saved for; empty while it was saved with polish off.
  public var polishModelProvider = ""

  /// The model asked of the chosen polish provider: the one saved for it, else empty (the provider's default). A
  /// model saved for your own server never goes to a cloud provider, which would refuse it.
  public var modelForPolish: String {
    get { polishModel(for: polishProvider) ?? "" }
    set {
      polishModel = newValue
      polishModelProvider = ""
      if activePolishProvider != nil { bindPolishModel() }
    }
  }

  /// Saves `model` for `provider` (your own server's fields save its model whichever provider is chosen now).
  public mutating func savePolishModel(_ model: String, for provider: String) {
    polishModel = model
    polishModelProvider = provider
  }

  /// The model saved for `provider`, or nil when none was (the provider's default applies).
  public func polishModel(for provider: String?) -> String? {
    guard let provider, !polishModel.isEmpty, polishModelProvider == provider else { return nil }
    return polishModel
  }

  private mutating func bindPolishModel() { polishModelProvider = polishProvider }
  /// The polish provider's address; empty means the provider's own (`openai-compatible` needs one).
  public var polishBaseURL = ""
  /// The default writing style's name.
  public var polishStyle = "natural"
  /// The languages the user speaks, comma-separated (`en,fr`): with `language` auto, detection picks among these
  /// only; empty: any language.
  public var spokenLanguages = ""
  /// `spokenLanguages` as codes.
  public var spokenLanguageList: [String] { spokenLanguages.split(separator: ",").map(String.init) }
  /// The language dictations are inserted in (ISO 639-1), translated by the polish provider when spoken in another;
  /// empty: as spoken.
  public var translateTo = ""
  /// The name that starts a spoken command, e.g. "Utter, make this formal".
  public var agentName = "Utter"
  /// How long a flow session (and its microphone) stays open without a dictation.
  public var sessionTimeout = SessionTimeout.fifteenMinutes
  /// Which microphone dictation uses when a headset is connected.
  public var microphone = MicrophoneChoice.automatic
  /// Whether other audio (music, podcasts) is lowered while the user dictates.
  public var duckOthers = true
  /// Seconds without a dictation after which the speech model is freed (0: kept while the session lasts); it is
  /// loaded again at the next tap, while the user speaks.
  public var unloadModelAfterSeconds: Double = 600
  /// How long an undelivered result is offered again when the keyboard reappears, in seconds.
  public var pendingOfferWindowSeconds: Double = 120
  /// The longest one dictation records, in seconds; then it stops and what was said is delivered.
  public var maxRecordingSeconds: Double = 600
  /// Seconds without speech after which a dictation ends by itself, as ✓ would (0: only ✓ ends it).
  public var endOfSpeechSeconds: Double = 0
  public var haptics = true
  public var sounds = true
  public var appearance = AppearanceChoice.system
  /// How long history is kept.
  public var retention = HistoryRetention.forever
  /// Whether audio of finished dictations is kept (for retry) while their history entry is.
  public var keepAudio = true
  /// The typing speed that "time saved" is measured against, in words per minute.
  public var typingWordsPerMinute: Double = 40
  /// Whether the dictionary learns names and terms from the corrections the user makes to dictated text.
  public var learnWords = true
  /// Whether each dictation's text is also copied to the clipboard (by the app when it is on screen, else by the
  /// keyboard that inserts it: `GeneralPasteboard`).
  public var autoCopy = false

  public init() {}

  enum CodingKeys: String, CodingKey {
    case engine, model, language, polishProvider, polishModel, polishModelProvider, polishStyle, agentName,
      sessionTimeout
    case pendingOfferWindowSeconds, haptics, sounds, appearance, retention, keepAudio, typingWordsPerMinute
    case maxRecordingSeconds, polishBaseURL, learnWords, microphone, duckOthers, unloadModelAfterSeconds
    case engineBaseURL, engineServerModel, endOfSpeechSeconds, autoCopy, translateTo, spokenLanguages
  }

  /// The engine id of your own speech server (`CloudSpeechEngines.ownServerID`), which reads `engineBaseURL` and
  /// `engineServerModel`.
  public static let ownServerEngine = "openai-compatible"

  /// Decodes leniently: a missing or unreadable key keeps its default rather than losing every setting.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) -> T {
      (try? c.decodeIfPresent(T.self, forKey: key)) ?? fallback
    }
    let defaults = UtterSettings()
    engine = value(.engine, defaults.engine)
    model = value(.model, defaults.model)
    engineBaseURL = value(.engineBaseURL, defaults.engineBaseURL)
    engineServerModel = value(.engineServerModel, defaults.engineServerModel)
    language = value(.language, defaults.language)
    polishProvider = value(.polishProvider, defaults.polishProvider)
    polishModel = value(.polishModel, defaults.polishModel)
    // NB: a model saved before models were kept per provider belongs to the provider chosen then.
    polishModelProvider = value(.polishModelProvider, polishModel.isEmpty ? "" : polishProvider)
    polishBaseURL = value(.polishBaseURL, defaults.polishBaseURL)
    polishStyle = value(.polishStyle, defaults.polishStyle)
    agentName = value(.agentName, defaults.agentName)
    sessionTimeout = value(.sessionTimeout, defaults.sessionTimeout)
    microphone = value(.microphone, defaults.microphone)
    duckOthers = value(.duckOthers, defaults.duckOthers)
    unloadModelAfterSeconds = value(.unloadModelAfterSeconds, defaults.unloadModelAfterSeconds)
    pendingOfferWindowSeconds = value(.pendingOfferWindowSeconds, defaults.pendingOfferWindowSeconds)
    maxRecordingSeconds = value(.maxRecordingSeconds, defaults.maxRecordingSeconds)
    endOfSpeechSeconds = value(.endOfSpeechSeconds, defaults.endOfSpeechSeconds)
    haptics = value(.haptics, defaults.haptics)
    sounds = value(.sounds, defaults.sounds)
    appearance = value(.appearance, defaults.appearance)
    retention = value(.retention, defaults.retention)
    keepAudio = value(.keepAudio, defaults.keepAudio)
    typingWordsPerMinute = value(.typingWordsPerMinute, defaults.typingWordsPerMinute)
    learnWords = value(.learnWords, defaults.learnWords)
    autoCopy = value(.autoCopy, defaults.autoCopy)
    translateTo = value(.translateTo, defaults.translateTo)
    spokenLanguages = value(.spokenLanguages, defaults.spokenLanguages)
  }
}
