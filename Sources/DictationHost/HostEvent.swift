import DictationValues
import SessionChannel
import WordMatching

/// A dictation the app is serving: named after the session and the `start` command that asked for it (the
/// keyboard's command number, or the app's own count of its dictations).
public struct ActiveDictation: Sendable, Hashable, Codable {
  public var id: String
  /// The keyboard's `start` command; 0 for the app's own dictations.
  public var commandSeq: Int
  public var context: FieldContext
  public var origin: DictationOrigin
  /// When the user asked for it (the keyboard's tap): the recording begins there, as far as the microphone's
  /// pre-roll reaches back, so the first word is kept when the request took a moment to arrive.
  public var requestedAt: Double?
  /// What stopped the recording before the user did (a call, the length cap…); nil when the user or the end of
  /// their speech stopped it. The keyboard shows it with the text, so a short text reads as what it is.
  public var cutShort: RecordingCut?

  public init(sessionID: String, commandSeq: Int, context: FieldContext, requestedAt: Double? = nil) {
    self.id = "\(sessionID)-\(commandSeq)"
    self.commandSeq = commandSeq
    self.context = context
    origin = .keyboard
    self.requestedAt = requestedAt
  }

  /// The app's `number`th own dictation of the session.
  public init(sessionID: String, appDictation number: Int, context: FieldContext, requestedAt: Double? = nil) {
    id = "\(sessionID)-app-\(number)"
    commandSeq = 0
    self.context = context
    origin = .app
    self.requestedAt = requestedAt
  }
}

/// What stopped a recording before the user did.
public enum RecordingCut: String, Sendable, Hashable, Codable {
  case call, microphoneMuted, microphoneNeedsApp, microphoneFailed, lengthLimit, keyboardGone

  /// What stopped the recording, for what holds the microphone (`HostPrecondition`).
  init(blockedBy reason: HostPrecondition) {
    switch reason {
    case .microphoneMuted: self = .microphoneMuted
    case .foreground: self = .microphoneNeedsApp
    default: self = .call
    }
  }

  /// The line the keyboard shows with the text.
  public var notice: String {
    switch self {
    case .call: "Cut off by a call or Siri: this is what you said before it."
    case .microphoneMuted: "Cut off when the microphone was muted."
    case .microphoneNeedsApp: "Cut off when iOS stopped the microphone in the background."
    case .microphoneFailed: "Cut off when the microphone stopped working."
    case .lengthLimit: "Stopped at the longest dictation set in Utter."
    case .keyboardGone: "Stopped when the keyboard went away."
    }
  }
}

/// Something that happened to the app's dictation host.
public enum HostEvent: Sendable, Hashable {
  /// The app opened a flow session, waiting on `waitingOn` (empty: ready at once).
  case sessionOpened(sessionID: String, waitingOn: [HostPrecondition], now: Double)
  /// What the session still waits on changed; empty means ready.
  case preconditionsChanged([HostPrecondition], now: Double)
  case command(SessionCommand, now: Double)
  /// The app itself asked (its own dictation button): `start`, `stop` or `cancel`, never numbered or acknowledged.
  case appRequest(CommandKind, context: FieldContext, now: Double)
  /// A call or Siri took the microphone: a dictation being recorded is stopped and what was said is delivered.
  case interruptionBegan
  /// The microphone stopped and `reason` holds it (a muted microphone, or iOS refuses to start it until the app is
  /// opened): as for a call, a dictation being recorded is stopped and delivered.
  case microphoneBlocked(HostPrecondition)
  /// The microphone is free again: the next tap records.
  case interruptionEnded(now: Double)
  /// The microphone failed during a dictation: keep what was heard.
  case microphoneFailed(dictationID: String)
  /// The recording reached the longest a dictation may last: stop, and deliver what was said.
  case recordingLimitReached(dictationID: String, now: Double)
  /// The user stopped speaking long enough (`EndOfSpeech`): stop, and deliver what was said, as ✓ would.
  case speechEnded(dictationID: String, now: Double)
  /// The keyboard that started the recording has shown no sign of life for too long: stop, and keep what was said.
  case keyboardGone(dictationID: String, now: Double)
  /// The last segment was transcribed; formatting and delivery follow.
  case tailTranscribed(dictationID: String)
  /// The result was recorded in history and published.
  case delivered(dictationID: String, now: Double)
  /// `cause`: what the engine said went wrong, in one line, for the keyboard.
  case dictationFailed(dictationID: String, reason: DictationFailure, cause: String? = nil, now: Double)
  case tick(now: Double)
  /// The app is quitting (SIGTERM, or iOS ending the app).
  case shutdownRequested
}

/// What the host runtime must do after a transition.
public enum HostEffect: Sendable, Hashable {
  case startRecording(ActiveDictation)
  /// Stop the microphone, transcribe the tail, format, record in history, publish the result.
  case finishDictation(ActiveDictation)
  /// Stop the microphone and throw the audio away.
  case discardDictation(ActiveDictation)
  /// The user cancelled after stop, while the text was written: its reading and finishing run on, and it is kept in
  /// history as cancelled (with its audio, for Retry), never published.
  case abandonDictation(ActiveDictation)
  /// A result the keyboard refused because its user had cancelled it: withdraw it (no other keyboard may insert it)
  /// and keep it in history as cancelled.
  case withdrawResult(resultID: String)
  /// The user keeps going near the length cap: the dictation may record another full length (`RecordingCap`).
  case keepGoing(ActiveDictation)
  /// The keyboard inserted this result: mark it delivered and remove its file.
  case acknowledge(resultID: String)
  /// The user corrected words of an inserted result: learn from them.
  case learnCorrections([CorrectedWords])
  /// Release the microphone, publish `inactive` and stop.
  case endSession
}
