import Dictation
import DictationValues
import Foundation
import LLMPolish
import ModelInstallation
import SessionChannel
import Storage

/// Utter's privacy policy: the sentences the app's Privacy screen and onboarding show and `docs/privacy.md` holds
/// (rendered by `markdown`). Each sentence states something the code does; where a number or a name comes from the
/// code, it is built from the same constant, and `PrivacyPolicyTests` holds every sentence to the code's behaviour.
public enum PrivacyPolicy {
  /// One part of the policy: a title and its sentences, in order.
  public struct Section: Sendable, Hashable, Identifiable {
    public let title: String
    public let sentences: [String]
    public var id: String { title }
  }

  public static let title = "Utter's privacy policy"

  /// Utter's source repository, where the policy and the code live (the About screen links to it too).
  public static let repository = "https://github.com/utter-app/utter"

  /// Every section, in the order the policy reads.
  public static var sections: [Section] {
    [inShort, onTheIPhone, history, deleting, keyboard, leavingTheIPhone, keys, changes]
  }

  /// The cloud speech engines Settings offers (`CloudSpeechEngines.offered`; CloudSpeech is not linked here, so
  /// `PrivacyPolicyTests` holds this list equal to it).
  public static let cloudEngines = ["OpenAI", "Groq", "Mistral", "Deepgram"]

  /// The cloud polish providers Settings offers.
  public static var polishProviders: [String] {
    LLMProviderCatalog.reachableFromPhone.filter { $0.baseURL != nil }.map(\.displayName)
  }

  /// The one line onboarding's first page says about privacy.
  public static let staysOnTheIPhone =
    "Speech becomes text on your iPhone, and nothing you dictate leaves it unless you choose a cloud engine, a "
    + "polish provider or your own server."

  /// Where API keys are kept, as Settings says it beside them.
  public static let keysInTheKeychain =
    "API keys you enter are kept in the iPhone's Keychain, readable only on this iPhone once it has been unlocked "
    + "after starting, and are sent only to the service they belong to."

  /// Why the keyboard asks for Full Access and what it tells the app: the keyboard section's first sentences, which
  /// onboarding shows beside the switch.
  public static var whyFullAccess: [String] { Array(keyboard.sentences.prefix(4)) }

  public static var inShort: Section {
    Section(
      title: "In short",
      sentences: [
        "Utter has no account, no analytics, no advertising and no tracking: nothing about you or your dictations is "
          + "sent to Utter's makers.",
        staysOnTheIPhone,
        "Utter's app, keyboard and widgets declare in their privacy manifests that they collect no data and do no "
          + "tracking.",
      ])
  }

  public static var onTheIPhone: Section {
    let defaults = UtterSettings()
    let sizes = WhisperModelChoice.all.map(\.megabytes)
    let audioDefault = defaults.keepAudio ? "the default" : "not the default"
    let database = DataFolder(root: URL(fileURLWithPath: "/")).database.lastPathComponent
    return Section(
      title: "What Utter keeps on your iPhone",
      sentences: [
        "Utter keeps its data in its own folder (Application Support/Utter), which it creates readable by Utter "
          + "alone (permissions 0700 for folders, 0600 for files).",
        "The database (\(database)) holds your "
          + "history, notes, dictionary, snippets, styles and settings; each history entry has the text inserted, "
          + "the words the engine heard, what the clean-up changed, the engine, and the kind of field, language and "
          + "style it was for.",
        "A copy of the database (utter.sqlite.backup) sits beside it, renewed once a day and rewritten after every "
          + "deletion.",
        "While “Keep audio for retry” is on (\(audioDefault)), each "
          + "dictation's audio is kept as a WAV file in the audio folder so that Retry can read it again, and it is "
          + "deleted with its history entry; turned off, dictations keep no audio.",
        "While you dictate, the audio is also written to the spool folder, so that a crash loses nothing; it is "
          + "deleted as soon as the dictation is in history, and audio a crash left there is read at the next "
          + "session and then deleted.",
        "Speech models you download (\(sizes.min() ?? 0) MB to \(sizes.max() ?? 0) MB each) are kept in the models "
          + "folder until you delete them in Settings › Engine, and are left out of your iPhone's backups.",
        "The rest of Utter's folder is part of your iPhone's backups (iCloud or a computer), as for any app.",
      ])
  }

  public static var history: Section {
    let defaults = UtterSettings()
    let choices = HistoryRetention.allCases.map(\.title)
    let learning = defaults.learnWords ? "on" : "off"
    return Section(
      title: "How long history is kept",
      sentences: [
        "Settings › Keep history offers \(list(choices, "and")); the default is \(defaults.retention.title).",
        "Entries older than the setting are deleted with their audio when Utter starts, each time it comes back on "
          + "screen, and as soon as you change the setting.",
        "With history \(HistoryRetention.off.title), no dictation is kept: its text goes to the cursor and its audio "
          + "is deleted once it is read (audio no engine could read waits in the spool until one can).",
        "“Learn from my corrections” (\(learning) by default) keeps the words you fix in "
          + "text Utter inserted as suggestions, and a name fixed twice joins your dictionary; turning it off, or "
          + "history off, deletes the suggestions.",
      ])
  }

  public static var deleting: Section {
    Section(
      title: "Deleting and sharing",
      sentences: [
        "In History you can share an entry's text, delete an entry (swipe it, or Delete on the entry), and Settings › "
          + "Delete all history deletes every entry with its audio.",
        "A deletion overwrites the deleted text in the database, rebuilds its search index and rewrites the backup, "
          + "so no copy of it is left in Utter's files.",
        "Deleting the Utter app deletes its folder; Keychain items can outlive an app on iOS, so remove your keys in "
          + "Settings › API keys first.",
      ])
  }

  public static var keyboard: Section {
    let defaults = UtterSettings()
    let requests = CommandKind.allCases.map(\.privacyName)
    let copying = defaults.autoCopy ? "on" : "off"
    let channel = SharedFolder(appGroup: URL(fileURLWithPath: "/")).channel.lastPathComponent
    return Section(
      title: "The keyboard and Full Access",
      sentences: [
        "iOS does not let keyboards use the microphone, so the Utter app records for its keyboard; Full Access is "
          + "what lets the keyboard send its requests to the app, through a folder they share on this iPhone, and "
          + "open the app to start a session.",
        "The keyboard has no network code of its own and never sends what you type anywhere.",
        "When you start a dictation it tells the app the kind of field, any text you selected (for a spoken "
          + "instruction to rewrite) and a little of the text before the cursor, which is used on the iPhone only, "
          + "to space and capitalise the dictation, and is not kept in history.",
        "When you edit text Utter just inserted, the keyboard tells the app that text before and after your edit, so "
          + "the names you fix are learned.",
        "In the shared folder (\(channel)), the "
          + "app writes what the keyboard shows (whether a session is on, the microphone's level, the words of the "
          + "dictation going on, each finished dictation until the keyboard has inserted it) and the keyboard's "
          + "settings, with up to \(KeyboardSettings.maxTerms) of your dictionary's terms for its suggestions and your "
          + "styles' names for its style switch (not their instructions).",
        "The keyboard writes there its last \(CommandLog.capacity) requests (\(list(requests, "and"))), a sign "
          + "that it is open, and a mark for each dictation it inserts; a finished dictation left over is deleted "
          + "when the next session starts.",
        "Without Full Access every key types as usual, dictation is off, and the keyboard writes nothing to the "
          + "shared folder; it still reads the appearance and dictionary terms the app shares there.",
        "With “Copy each dictation” on (\(copying) by default), the app copies what you "
          + "dictate in it while it is on screen, and the keyboard copies what it inserts.",
        "While a session is on, its Live Activity shows on the Lock Screen what the session is doing and how many "
          + "words it has delivered, never the words.",
      ])
  }

  public static var leavingTheIPhone: Section {
    let defaults = UtterSettings()
    let onDevice = defaults.engine == EngineChoice.whisperID && defaults.activePolishProvider == nil
    let hub = ModelFileList.listingURL(variant: "base")?.host ?? "huggingface.co"
    return Section(
      title: "What leaves your iPhone, and when",
      sentences: [
        onDevice
          ? "By default the engine is a Whisper model on the iPhone and polish is off, so no dictation leaves it; "
            + "Apple's transcriber and Apple Intelligence polish (iOS 26) run on the iPhone too."
          : "The default engine or polish provider is not on the iPhone.",
        "If you choose a cloud engine (\(list(cloudEngines, "or"))) and give it your own key, each dictation's "
          + "speech (the stretches with voice, as 16 kHz audio), its language when set, words already read from the "
          + "same dictation and terms from your dictionary go to that provider over https, under its own privacy "
          + "terms.",
        "If you choose a polish provider (\(list(polishProviders, "or"))) with your own key, each dictation's text "
          + "after clean-up goes to it with the style, the kind of field and your dictionary's terms; with text "
          + "selected, the selection and your spoken instruction go instead. With Settings › Polish › Translation "
          + "on, a dictation spoken in another language also goes to it, to be written in the language you chose, "
          + "unless Apple's translation can write it on the iPhone (iOS 26, both languages installed).",
        "Your own server (Settings › Engine or Polish › Your own server) gets the same, only at the address and with "
          + "the key you entered; as you save an address on your local network, Utter asks that server for its "
          + "health page, so that iOS asks you about the local network then.",
        "Downloading a Whisper model fetches its file list and files from Hugging Face (\(hub), the "
          + "\(ModelFileList.repository) repository), and the first load of a model whose files hold no tokenizer "
          + "fetches one from Hugging Face too (WhisperKit's loader); Hugging Face sees your IP address and the model "
          + "you chose, nothing about your dictations, and iOS itself downloads Apple's transcriber's model.",
        "Utter contacts nothing else.",
      ])
  }

  public static var keys: Section {
    Section(title: "API keys", sentences: [keysInTheKeychain, "Settings shows a key only as Saved, never again."])
  }

  public static var changes: Section {
    Section(
      title: "Changes and questions",
      sentences: [
        "Utter is open source: this policy is docs/privacy.md in its repository, \(repository), whose history "
          + "shows every change, beside the code it describes.",
        "Questions about privacy are welcome as an issue there.",
      ])
  }

  /// "a, b and c".
  static func list(_ items: [String], _ conjunction: String) -> String {
    guard let last = items.last else { return "" }
    let head = items.dropLast()
    return head.isEmpty ? last : head.joined(separator: ", ") + " \(conjunction) " + last
  }
}

extension CommandKind {
  /// What the request is, in the policy's words.
  var privacyName: String {
    switch self {
    case .start: "start"
    case .stop: "stop"
    case .cancel: "cancel"
    case .keepGoing: "keep going"
    case .endSession: "end the session"
    case .ack: "inserted"
    case .correction: "edited"
    }
  }
}

extension HistoryRetention {
  /// The name Settings and the privacy policy give the choice.
  public var title: String {
    switch self {
    case .forever: "Forever"
    case .thirtyDays: "30 days"
    case .twentyFourHours: "24 hours"
    case .off: "Off"
    }
  }
}
