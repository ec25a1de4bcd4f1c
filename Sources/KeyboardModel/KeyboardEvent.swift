import FieldValues
import KeyboardChannel

/// Something that happened to the keyboard: a tap, a message from the app, or time passing.
public enum KeyboardEvent: Sendable, Hashable {
  /// The app published its state.
  case hostStateObserved(HostState, now: Double)
  /// A result file was found.
  /// Another keyboard claimed the result first: it inserts it; this one only acknowledges it.
  case resultClaimedElsewhere(DictationResult, now: Double)
  case resultObserved(DictationResult, now: Double)
  /// Time passed (heartbeat staleness, expiry, timeouts).
  case tick(now: Double)
  /// The microphone key: starts a dictation (or the session first, when there is none).
  case startTapped(FieldContext, now: Double)
  case stopTapped(now: Double)
  case cancelTapped(now: Double)
  case undoTapped
  case useRawTapped
  /// The user typed or moved the cursor: undo is no longer offered.
  case userTyped
  case endSessionTapped(now: Double)
  /// The user dismissed an error.
  case errorDismissed(now: Double)
  /// The user changed words of the text Utter inserted (found when they move on): tell the app.
  case correctionsFound([CorrectedWords], now: Double)
  /// iOS answered the request to open the app (`KeyboardEffect.openContainingApp`): whether it opened it.
  case appOpenAnswered(opened: Bool, now: Double)
  /// The mic was tapped without Full Access: the keyboard cannot reach the app, so it says how to allow it.
  case fullAccessMissing
}

/// What the keyboard's driver must do after a transition.
public enum KeyboardEffect: Sendable, Hashable {
  /// Append this command to `commands.json`.
  case send(SessionCommand)
  /// Open the containing app so it can start a session (iOS: through its URL scheme), then report iOS's answer as
  /// `KeyboardEvent.appOpenAnswered`.
  case openContainingApp
  /// Insert text at the cursor.
  case insert(String)
  /// Replace the just-inserted `old` (before the cursor) with `new`.
  case replaceInserted(old: String, new: String)
  /// Delete the just-inserted text (before the cursor).
  case removeInserted(String)
  /// A result was not inserted, and why (for the log).
  case ignoredResult(id: String, reason: String)
}

/// The keyboard's tunable times, in seconds, and what the user set in Utter; the defaults until the app shares its
/// settings (`KeyboardConfiguration.shared(in:)`).
public struct KeyboardConfiguration: Sendable, Hashable {
  /// A heartbeat older than this means the app is gone.
  public var staleHeartbeatAfter = 3.0
  /// How long an unacknowledged result may still be inserted when the keyboard appears.
  public var pendingResultWindow = 120.0
  /// How long "activating" may last before the keyboard says the app did not start.
  public var activationTimeout = 20.0
  /// How long the app may take to react to a command while its heartbeat is fresh.
  public var commandTimeout = 5.0
  /// How often the keyboard proves to the app that it is still on screen (`KeyboardPresence`).
  public var presenceInterval = 2.0
  /// How long iOS may take to answer a request to open the app before the keyboard tells the user to open it.
  public var openAnswerTimeout = 3.0
  /// The language set in Utter's settings; nil leaves it to the field (`KeyboardLanguage.resolve`).
  public var language: String?
  /// How the keys answer a press, as the user set it in Utter.
  public var keyFeedback = KeyFeedback()
  /// The colour scheme the user chose in Utter (Appearance).
  public var appearance = KeyboardAppearance.system
  /// The personal dictionary's terms, which the suggestion bar offers first.
  public var dictionaryTerms: [String] = []

  /// The defaults.
  public init() {}
}

/// The keyboard's colour scheme, as chosen in Utter's Appearance setting.
public enum KeyboardAppearance: String, Sendable, Hashable {
  case system, light, dark

  /// UIKit's `UIUserInterfaceStyle` raw value for it (unspecified follows the system).
  public var interfaceStyleRawValue: Int {
    switch self {
    case .system: 0
    case .light: 1
    case .dark: 2
    }
  }
}
