import DictationValues
import SessionChannel

/// Something that happened to the keyboard: a tap, a message from the app, or time passing.
public enum KeyboardEvent: Sendable, Hashable {
  case hostStateObserved(HostState, now: Double)
  case resultClaimedElsewhere(DictationResult, now: Double)
  case resultObserved(DictationResult, now: Double)
  /// Time passed (heartbeat staleness, expiry, timeouts).
  case tick(now: Double)
  /// The microphone key: starts a dictation (or the session first, when there is none).
  case startTapped(FieldContext, now: Double)
  case stopTapped(now: Double)
  case keepGoingTapped(now: Double)
  case cancelTapped(now: Double)
  case undoTapped
  case useRawTapped
  /// The user typed or moved the cursor: undo is no longer offered.
  case userTyped
  case endSessionTapped(now: Double)
  case errorDismissed(now: Double)
  /// The user edited the text Utter inserted (read when they move on): tell the app.
  case insertionEdited(InsertionEdit, now: Double)
  /// iOS answered the request to open the app (`KeyboardEffect.openContainingApp`): whether it opened it.
  case appOpenAnswered(opened: Bool, now: Double)
  /// The mic was tapped when the keyboard cannot dictate (no Full Access, a selection it may not see whole).
  case refused(KeyboardProblem)
}

/// What the keyboard's driver must do after a transition.
public enum KeyboardEffect: Sendable, Hashable {
  /// Append this command to `commands.json`.
  case send(SessionCommand)
  /// Open the containing app, then report iOS's answer as `KeyboardEvent.appOpenAnswered`.
  case openContainingApp
  case insert(String)
  /// Press the field's return key, after a dictation that ended with "press enter" (a chat sends the message).
  case pressReturn
  /// Replace the just-inserted `old` (before the cursor) with `new` (empty: delete it).
  case replaceInserted(old: String, new: String)
  /// A result was not inserted, and why (for the log).
  case ignoredResult(id: String, reason: String)
}

/// The keyboard's tunable times, in seconds, and what the user set in Utter.
public struct KeyboardConfiguration: Sendable, Hashable {
  /// A heartbeat older than this means the app is gone.
  public var staleHeartbeatAfter = 3.0
  /// How long "activating" may last before the keyboard says the app did not start.
  public var activationTimeout = 20.0
  /// How long the app may take to react to a command while its heartbeat is fresh.
  public var commandTimeout = 5.0
  /// How often the keyboard proves to the app that it is still on screen (`KeyboardPresence`).
  public var presenceInterval = 2.0
  /// How long iOS may take to answer a request to open the app before the keyboard tells the user to open it.
  public var openAnswerTimeout = 3.0
  /// What the app shared (`KeyboardSettings.read(from:)`): the pending-result window, language, keys and terms.
  public var settings: KeyboardSettings

  public init(settings: KeyboardSettings = KeyboardSettings()) { self.settings = settings }
}

extension KeyboardSettings {
  /// The click and the light tap a key press gives; iOS plays neither for a keyboard without Full Access.
  public func keyFeedback(fullAccess: Bool) -> (click: Bool, haptic: Bool) {
    (fullAccess && sounds, fullAccess && haptics)
  }

  /// UIKit's `UIUserInterfaceStyle` raw value for `appearance` (unspecified follows the system).
  public var interfaceStyleRawValue: Int { ["light": 1, "dark": 2][appearance] ?? 0 }
}
