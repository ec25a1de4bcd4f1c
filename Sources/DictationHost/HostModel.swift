import DictationValues
import SessionChannel
import WordMatching

/// The app's dictation state machine: idle → standby → recording → transcribing → delivering → standby.
public struct HostModel: Sendable, Hashable {
  public private(set) var phase: HostPhase = .inactive
  public private(set) var sessionID: String?
  /// What the session waits on while activating; while interrupted, what holds the microphone.
  public var waitingOn: [HostPrecondition] {
    if phase == .interrupted, let microphoneBlocked { return [microphoneBlocked] }
    return preconditions
  }
  private var preconditions: [HostPrecondition] = []
  /// The highest keyboard command handled (or skipped).
  public private(set) var lastCommandSeq: Int
  public private(set) var dictation: ActiveDictation?
  public private(set) var expiresAt: Double?
  public private(set) var lastResultID: String?
  /// The dictation the user cancelled while its text was written (`abandonDictation`); it still ends the phase.
  public private(set) var abandonedID: String?
  public private(set) var failure: HostFailure?
  public let timeout: SessionTimeout
  /// A `start` that arrived while the previous dictation was still being delivered.
  var queuedStart: SessionCommand?
  var endAfterDelivery = false
  /// The app's own dictations so far in this session.
  var appDictations = 0
  /// What holds the microphone (a call: `.audioSession`; a muted microphone; or only opening the app restarts it:
  /// `.foreground`); nil while it is free.
  public private(set) var microphoneBlocked: HostPrecondition?
  /// Nothing can record until the microphone is back.
  public var audioInterrupted: Bool { microphoneBlocked != nil }

  /// A host that ignores commands numbered up to `lastCommandSeq` (those written before it started).
  public init(timeout: SessionTimeout, lastCommandSeq: Int = 0) {
    self.timeout = timeout
    self.lastCommandSeq = lastCommandSeq
  }

  /// Applies `event` and returns what the runtime must do, in order.
  public mutating func handle(_ event: HostEvent) -> [HostEffect] {
    switch event {
    case .sessionOpened(let id, let waitingOn, let now):
      guard phase == .inactive, sessionID == nil else { return [] }
      sessionID = id
      return preconditions(waitingOn, now: now)
    case .preconditionsChanged(let waitingOn, let now):
      guard phase == .activating else { return [] }
      return preconditions(waitingOn, now: now)
    case .command(let command, let now):
      return handle(command, now: now)
    case .appRequest(let kind, let context, let now):
      guard phase != .inactive, [.start, .stop, .cancel].contains(kind) else { return [] }
      // NB: a start of the app's own never waits in the queue: the app's button is pressed while no keyboard
      // dictation is running, and a second press is a mistake, not a request.
      if kind == .start, phase != .standby { return [] }
      if kind != .start, dictation?.origin != .app { return [] }
      return dispatch(kind, start: nil, context: context, now: now)
    case .interruptionBegan:
      return block(.audioSession)
    case .microphoneBlocked(let reason):
      return block(reason)
    case .interruptionEnded(let now):
      guard audioInterrupted else { return [] }
      microphoneBlocked = nil
      if phase == .interrupted {
        phase = .standby
        extendExpiry(now)
      }
      return []
    case .microphoneFailed(let id):
      guard phase == .recording, dictation?.id == id else { return [] }
      return finish(cut: .microphoneFailed)
    case .recordingLimitReached(let id, let now), .speechEnded(let id, let now), .keyboardGone(let id, let now):
      guard phase == .recording, dictation?.id == id else { return [] }
      extendExpiry(now)
      switch event {
      case .recordingLimitReached: return finish(cut: .lengthLimit)
      case .keyboardGone: return finish(cut: .keyboardGone)
      default: return finish(cut: nil)
      }
    case .tailTranscribed(let id):
      guard phase == .transcribing, dictation?.id == id else { return [] }
      phase = .delivering
      return []
    case .delivered(let id, let now):
      guard phase == .transcribing || phase == .delivering, dictation?.id == id else { return [] }
      if abandonedID != id { lastResultID = id }
      failure = nil
      return dictationEnded(now: now)
    case .dictationFailed(let id, let reason, let cause, let now):
      guard let dictation, dictation.id == id, phase != .standby else { return [] }
      // NB: a dictation the user cancelled fails quietly: its keyboard shows the keys again already.
      failure = abandonedID == id ? nil : HostFailure(reason: reason, commandSeq: dictation.commandSeq, cause: cause)
      return dictationEnded(now: now)
    case .tick(let now):
      guard phase == .standby, let expiresAt, now >= expiresAt else { return [] }
      return end()
    case .shutdownRequested:
      guard phase != .inactive else { return [] }
      return end()
    }
  }

  /// The microphone is held by `reason`: a dictation being recorded is stopped and what was said is delivered.
  private mutating func block(_ reason: HostPrecondition) -> [HostEffect] {
    microphoneBlocked = reason
    switch phase {
    case .recording:
      // NB: a call cut the dictation: the words said before it are read and delivered, not held for the call's
      // length (the user's attention, and often the field, have moved on).
      return finish(cut: RecordingCut(blockedBy: reason))
    case .standby:
      phase = .interrupted
      return []
    default:
      return []  // reading and delivering need no microphone; an interrupted session shows the new reason
    }
  }

  /// Stops the recording of the dictation and reads it, saying what cut it short, if anything did.
  private mutating func finish(cut: RecordingCut?) -> [HostEffect] {
    guard var dictation else { return [] }
    dictation.cutShort = cut
    self.dictation = dictation
    phase = .transcribing
    return [.finishDictation(dictation)]
  }

  private mutating func preconditions(_ waitingOn: [HostPrecondition], now: Double) -> [HostEffect] {
    preconditions = waitingOn
    phase = waitingOn.isEmpty ? .standby : .activating
    if phase == .standby { extendExpiry(now) }
    return []
  }

  private mutating func extendExpiry(_ now: Double) {
    expiresAt = timeout.seconds.map { now + $0 }
  }

  private mutating func end() -> [HostEffect] {
    phase = .inactive
    dictation = nil
    queuedStart = nil
    expiresAt = nil
    return [.endSession]
  }

  private mutating func dictationEnded(now: Double) -> [HostEffect] {
    dictation = nil
    phase = audioInterrupted ? .interrupted : .standby
    extendExpiry(now)
    if endAfterDelivery { return end() }
    if let queued = queuedStart, !audioInterrupted {
      queuedStart = nil
      return startDictation(queued, context: queued.context ?? FieldContext(), now: now)
    }
    queuedStart = nil
    // NB: the user chose to have the microphone released after each dictation (no orange dot between them).
    if timeout == .afterEachDictation { return end() }
    return []
  }

  /// Starts the keyboard's dictation for `command`, or (nil) the app's own next one in `context`.
  private mutating func startDictation(
    _ command: SessionCommand?, context: FieldContext = FieldContext(), now: Double
  ) -> [HostEffect] {
    guard let sessionID else { return [] }
    let dictation: ActiveDictation
    if let command {
      // NB: a tap "from the future" (another clock, a forged file) counts as now.
      dictation = ActiveDictation(
        sessionID: sessionID, commandSeq: command.seq, context: command.context ?? FieldContext(),
        requestedAt: min(command.sentAt, now))
    } else {
      appDictations += 1
      dictation = ActiveDictation(
        sessionID: sessionID, appDictation: appDictations, context: context, requestedAt: now)
    }
    self.dictation = dictation
    failure = nil
    phase = .recording
    extendExpiry(now)
    return [.startRecording(dictation)]
  }

  private mutating func handle(_ command: SessionCommand, now: Double) -> [HostEffect] {
    guard command.seq > lastCommandSeq else { return [] }
    // NB: an implausible jump is ignored, not adopted; the keyboard resynchronises from `lastCommandSeq`.
    guard command.seq - lastCommandSeq <= SessionCommand.maxSeqJump else { return [] }
    lastCommandSeq = command.seq
    if command.kind == .ack, let id = command.resultID { return [.acknowledge(resultID: id)] }
    // NB: a cancel naming a result came too late to stop it being published: the keyboard refused it.
    if command.kind == .cancel, let id = command.resultID { return [.withdrawResult(resultID: id)] }
    // NB: a correction concerns text already delivered, so it is taken whatever the phase (but never before start).
    if command.kind == .correction, let edit = command.edit, phase != .inactive {
      let found = CorrectedWords.found(inserted: edit.inserted, edited: edit.edited, inView: edit.inView)
      return found.isEmpty ? [] : [.learnCorrections(found)]
    }
    guard command.sessionID == sessionID, phase != .inactive else { return [] }
    // NB: the keyboard's stop, cancel or keep going never acts on a dictation the app started itself.
    if [.stop, .cancel, .keepGoing].contains(command.kind), dictation?.origin == .app { return [] }
    return dispatch(command.kind, start: command, context: command.context ?? FieldContext(), now: now)
  }

  /// What a request does in the current phase: `start` is the keyboard's command (nil for the app's own request).
  private mutating func dispatch(
    _ kind: CommandKind, start: SessionCommand?, context: FieldContext, now: Double
  ) -> [HostEffect] {
    switch (kind, phase) {
    case (.start, .standby):
      return startDictation(start, context: context, now: now)
    case (.start, .transcribing), (.start, .delivering):
      queuedStart = start
      return []
    case (.stop, .recording):
      guard let dictation else { return [] }
      phase = .transcribing
      extendExpiry(now)
      return [.finishDictation(dictation)]
    case (.keepGoing, .recording):
      return dictation.map { [.keepGoing($0)] } ?? []
    case (.cancel, .recording):
      guard let dictation else { return [] }
      self.dictation = nil
      queuedStart = nil
      phase = .standby
      extendExpiry(now)
      if timeout == .afterEachDictation { return [.discardDictation(dictation)] + end() }
      return [.discardDictation(dictation)]
    case (.cancel, .transcribing), (.cancel, .delivering):
      // NB: the microphone has stopped and the text is being written: the phase runs to its end (one recording at a
      // time), but nothing is published; a start meanwhile waits for it, as after any stop.
      guard let dictation, abandonedID != dictation.id else { return [] }
      abandonedID = dictation.id
      queuedStart = nil
      return [.abandonDictation(dictation)]
    case (.endSession, .recording):
      guard let dictation else { return end() }
      endAfterDelivery = true
      phase = .transcribing
      return [.finishDictation(dictation)]
    case (.endSession, .transcribing), (.endSession, .delivering):
      endAfterDelivery = true
      queuedStart = nil
      return []
    case (.endSession, _):
      return end()
    default:
      return []
    }
  }
}
