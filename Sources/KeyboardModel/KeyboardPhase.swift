import SessionChannel

/// What the keyboard shows.
public enum KeyboardPhase: Sendable, Hashable {
  /// No flow session: the keyboard offers "Start" (which opens the app).
  case inactive
  /// The app was opened and is getting ready (permission, model, audio session).
  case activating(waitingOn: [HostPrecondition])
  /// One tap starts a dictation.
  case ready
  case listening(level: Double?, partialText: String, note: RecordingNote? = nil)
  /// The microphone cannot record now (shown when the user asks to dictate); the pause says why.
  case interrupted(MicrophonePause)
  case transcribing(partialText: String)
  /// Text was inserted; undo and "use raw text" are offered until the user types.
  case inserted(InsertedDictation)
  /// Something went wrong; the problem says what in words a person understands.
  case failed(KeyboardProblem)

  /// Whether the dictation panel takes the key area's place (otherwise the bar holds the mic).
  public var coversKeys: Bool {
    switch self {
    case .inactive, .ready, .inserted: false
    case .activating, .listening, .interrupted, .transcribing, .failed: true
    }
  }

  /// Whether the language and style menu offers to end the Utter session: while a session waits for a tap.
  public var offersEndSession: Bool {
    switch self {
    case .ready, .inserted: true
    default: false
    }
  }

  /// The dictation just inserted on entering this phase from `previous` (auto-copy copies it), never its raw text.
  public func newlyInserted(after previous: KeyboardPhase) -> InsertedDictation? {
    guard case .inserted(let now) = self else { return nil }
    if case .inserted(let before) = previous, before.resultID == now.resultID { return nil }
    return now
  }
}

/// Why the app's microphone cannot record now, and what brings it back (the host's `waitingOn` while interrupted).
public enum MicrophonePause: Sendable, Hashable {
  /// A call or Siri has the microphone; it comes back when that ends.
  case call
  /// The built-in microphone is muted (an iPad's cover is closed).
  case muted
  /// iOS does not start a microphone from the background: only opening Utter (a tap) brings it back.
  case needsApp

  /// The pause the host's `waitingOn` describes.
  public init(waitingOn: [HostPrecondition]) {
    self = waitingOn.contains(.foreground) ? .needsApp : waitingOn.contains(.microphoneMuted) ? .muted : .call
  }

  /// One sentence for the keyboard to show.
  public var message: String {
    switch self {
    case .call: "A call or Siri has the microphone. Dictation is back when it ends."
    case .muted: "The microphone is muted. Open the iPad's cover to dictate."
    case .needsApp: "iOS stopped the microphone while Utter was in the background. Open Utter to turn it back on."
    }
  }
}

/// A dictation the keyboard inserted, kept for undo and "use raw text".
public struct InsertedDictation: Sendable, Hashable {
  public var resultID: String
  /// The text now in the field.
  public var insertedText: String
  public var formattedText: String
  public var rawText: String
  /// One line shown with the text when an optional step failed; nil when all went well.
  public var notice: String?
  /// The selection the text replaced (command mode): undo puts it back, and there is no raw text to use.
  public var replaced: String?
  /// Whether the return key was pressed after it ("press enter"): the text may be sent, so neither undo nor the raw
  /// text is offered.
  public var pressedReturn = false
  /// The dictation as spoken, when the text inserted is its translation: shown under it, and the first undo puts it
  /// in the translation's place.
  public var original: String?

  /// Whether "use raw text" would change anything.
  public var canUseRawText: Bool {
    insertedText != rawText && !rawText.isEmpty && replaced == nil && !pressedReturn
  }
}

/// Why the keyboard cannot dictate right now.
public enum KeyboardProblem: Sendable, Hashable {
  /// The app was opened but never became ready.
  case appDidNotStart
  /// iOS refused to open the app from the keyboard, or did not answer in time: the user opens it.
  case appCouldNotOpen
  /// The app holds a session but did not react to a command.
  case appNotResponding
  /// A dictation was asked for, but the app had stopped before it took it: nothing was recorded.
  case appNotRunning
  /// The app stopped during a dictation it had taken: the audio was on disk, and it is in Utter's history.
  case appStoppedDictationSaved
  /// The keyboard has no Full Access: it cannot reach the app, so dictation is off (typing works).
  case needsFullAccess
  /// Text is selected that iOS may show only part of (`FieldContext.selectionMayBeCut`): rewriting it could lose text.
  case selectionMayBeCut
  case dictation(DictationFailure, cause: String?)

  /// One sentence for the keyboard to show.
  public var message: String {
    switch self {
    case .appDidNotStart: "Utter didn't start. Open the Utter app, then come back."
    case .appCouldNotOpen: "Open Utter, then swipe back to this app."
    case .appNotResponding: "Utter isn't responding. Open the Utter app to restart dictation."
    case .appNotRunning: "Utter isn't running. Tap the arrow key to open it, then come back."
    case .appStoppedDictationSaved: "Utter stopped. Your dictation was saved in Utter."
    case .needsFullAccess:
      "Dictation needs Full Access, so the keyboard can reach the Utter app: Settings › Apps › Utter › Keyboards."
    case .selectionMayBeCut:
      "iOS may show Utter only part of this selection. Select one sentence, or three, to rewrite it."
    case .dictation(let failure, let cause): failure.message(cause: cause)
    }
  }
}
