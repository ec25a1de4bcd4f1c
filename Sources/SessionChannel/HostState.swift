import DictationValues

/// Where the containing app's dictation host is, as the keyboard sees it.
public enum HostPhase: String, Codable, Sendable, CaseIterable {
  /// No flow session: the app is not holding the microphone.
  case inactive
  /// The app is opening a session and waits on its preconditions (see `HostState.waitingOn`).
  case activating
  /// The session is held and the app waits for `start`.
  case standby
  case recording
  /// Something holds the microphone (`waitingOn` says what); a dictation it cut was delivered.
  case interrupted
  /// Recording stopped; the last words are being transcribed.
  case transcribing
  /// Text is being formatted, recorded in history and handed to the keyboard.
  case delivering
}

/// What the app waits on while `activating`, and what holds the microphone while `interrupted`.
public enum HostPrecondition: String, Codable, Sendable, CaseIterable {
  case microphonePermission = "microphone-permission"
  case modelLoading = "model-loading"
  /// The audio session: while interrupted, a call or Siri has it, and the microphone comes back when it ends.
  case audioSession = "audio-session"
  case recovering
  /// The built-in microphone is muted (an iPad's cover closed).
  case microphoneMuted = "microphone-muted"
  /// The app must come on screen: iOS does not start a microphone from the background.
  case foreground = "app-in-foreground"
}

/// Why a dictation produced no text, in words a person understands.
public enum DictationFailure: String, Codable, Sendable, CaseIterable {
  case microphoneDenied = "microphone-denied"
  case microphoneFailed = "microphone-failed"
  case nothingHeard = "nothing-heard"
  case transcriptionFailed = "transcription-failed"
  /// The same, where history keeps no audio (it is off, or keeps text only): there is nothing to retry.
  case transcriptionFailedNotKept = "transcription-failed-not-kept"
  /// No speech model here reads the dictation's language; refused before recording (the cause says what to install).
  case languageNotRead = "language-not-read"

  /// One sentence for the keyboard to show.
  public var message: String {
    switch self {
    case .microphoneDenied: "Utter can't use the microphone. Allow it in Settings › Utter."
    case .microphoneFailed: "The microphone stopped working. Try again."
    case .nothingHeard: "Didn't hear anything. Try again a little closer to the microphone."
    case .transcriptionFailed: "Couldn't transcribe that. Your audio is kept in Utter's history."
    case .transcriptionFailedNotKept: "Couldn't transcribe that. Try again."
    case .languageNotRead: "Not recorded: no speech model here reads this language."
    }
  }

  /// The sentence with its cause (`OpenAI rejected the API key`) after the first clause, when there is one.
  public func message(cause: String?) -> String {
    guard let cause, !cause.isEmpty, let stop = message.firstIndex(of: ".") else { return message }
    // NB: the cause says it all ("tiny.en reads English only; for French, …").
    if self == .languageNotRead { return "Not recorded: \(cause)." }
    return message[..<stop] + ": " + cause + message[stop...]
  }
}

/// A failed dictation, tied to the `start` command that began it.
public struct HostFailure: Codable, Sendable, Hashable {
  public var reason: DictationFailure
  /// Sequence number of the `start` command whose dictation failed.
  public var commandSeq: Int
  /// What caused it, in one line (`OpenAI rejected the API key`), when the app knows.
  public var cause: String?

  public init(reason: DictationFailure, commandSeq: Int, cause: String? = nil) {
    self.reason = reason
    self.commandSeq = commandSeq
    self.cause = cause.map { String($0.prefix(Self.maxCauseLength)) }
  }

  /// The longest cause the app publishes and the keyboard accepts.
  public static let maxCauseLength = 200
}

/// The app's state as published to the keyboard in `state.json`.
public struct HostState: Codable, Sendable, Hashable {
  /// Increases with every write within a session.
  public var seq: Int
  public var sessionID: String
  public var phase: HostPhase
  /// When the app last wrote this file (seconds since 1970); the keyboard treats an old heartbeat as `inactive`.
  public var heartbeat: Double
  /// When the session ends by itself, or nil for never.
  public var expiresAt: Double?
  /// What the app is waiting on while `activating`, and what holds the microphone while `interrupted`.
  public var waitingOn: [HostPrecondition] = []
  /// Sequence number of the `start` command being served while recording or transcribing.
  public var dictationCommandSeq: Int?
  /// Microphone level in dBFS while recording.
  public var audioLevel: Double?
  public var liveText: LiveText?
  /// The highest keyboard command sequence number the app has handled.
  public var lastCommandSeq = 0
  public var lastResultID: String?
  public var failure: HostFailure?
  /// While recording: the microphone by name (`AirPods Pro`, at most `maxMicrophoneName` characters).
  public var microphone: String?
  /// Near the length cap: the seconds left to record, and whether `keep-going` would give another full length.
  public var stopsIn: Double?
  public var canKeepGoing: Bool?
  /// True while the dictation recorded or written is the app's own (its button, a widget, a Shortcut), which only the
  /// app stops or cancels; the keyboard offers no ✓ or ✗ for it, nor a Cancel once it is being written.
  public var appDictation: Bool?
  /// The longest microphone name the app publishes and the keyboard accepts.
  public static let maxMicrophoneName = 64

  /// A state with nothing but its number, session, phase and heartbeat; the writer sets the rest as it applies.
  public init(seq: Int, sessionID: String, phase: HostPhase, heartbeat: Double) {
    (self.seq, self.sessionID, self.phase, self.heartbeat) = (seq, sessionID, phase, heartbeat)
  }
}

/// A finished dictation for the keyboard to insert, in `result-<id>.json`.
public struct DictationResult: Codable, Sendable, Hashable {
  /// The dictation's id; the keyboard acknowledges it.
  public var id: String
  public var sessionID: String
  /// Sequence number of the `start` command that asked for it.
  public var commandSeq: Int
  /// Formatted text to insert.
  public var text: String
  /// What the engine heard, before formatting ("use raw text").
  public var rawText: String
  /// When the app published it (seconds since 1970).
  public var createdAt: Double
  /// One line shown with the text when an optional step failed (e.g. "Not polished: …"); nil when all went well.
  public var notice: String?
  /// The selected text `text` replaces (command mode); undo puts it back.
  public var selection: String?
  /// True when the dictation ended with "press enter": the keyboard presses the field's return key after the text
  /// (a chat sends it); absent otherwise.
  public var pressesReturn: Bool?
  /// The dictation as spoken, when `text` is its translation: the keyboard shows it, and undo puts it back.
  public var original: String?

  public init(
    id: String, sessionID: String, commandSeq: Int, text: String, rawText: String, createdAt: Double,
    notice: String? = nil, selection: String? = nil, pressesReturn: Bool? = nil, original: String? = nil
  ) {
    self.id = id
    self.sessionID = sessionID
    self.commandSeq = commandSeq
    self.text = text
    self.rawText = rawText
    self.createdAt = createdAt
    self.notice = notice
    self.selection = selection
    self.pressesReturn = pressesReturn
    self.original = original
  }

  /// The longest notice the keyboard shows (a longer one is cut, never a reason to drop the text).
  public static var maxNoticeLength: Int { 200 }
}
