import DictationValues
import SessionChannel

/// The keyboard's dictation state machine: shows taps at once, and reconciles with the app's state.
public struct KeyboardModel: Sendable, Hashable {
  public internal(set) var phase: KeyboardPhase = .inactive
  public internal(set) var sessionID: String?
  /// The last command number used; the next command gets one more.
  public internal(set) var lastCommandSeq: Int
  public let configuration: KeyboardConfiguration
  /// The words of the dictation being recorded or transcribed, empty otherwise.
  public internal(set) var liveText = LiveText()

  var host: HostState?
  /// The context of a start tapped while there was no session, sent once the app is ready.
  var pendingStart: FieldContext?
  var activatingSince: Double?
  /// When the keyboard asked iOS to open the app, until iOS answers or the app shows up.
  var openRequestedAt: Double?
  /// The last start, stop or cancel sent, until the app's state shows it handled (or `commandTimeout` passes).
  var awaitedCommand: SessionCommand?
  var dictationSeq: Int?
  /// The dictation the user cancelled after stop: the app may still show it being written, or publish it before the
  /// cancel reaches it; neither comes back here.
  var cancelledSeq: Int?
  var transcribingSince: Double?
  /// Results already inserted or deliberately skipped, newest last.
  var handledResultIDs: [String]

  /// A keyboard that continues numbering after `lastCommandSeq` and knows the results already acknowledged.
  public init(
    configuration: KeyboardConfiguration = KeyboardConfiguration(), lastCommandSeq: Int = 0,
    acknowledgedResultIDs: Set<String> = []
  ) {
    self.configuration = configuration
    self.lastCommandSeq = lastCommandSeq
    self.handledResultIDs = acknowledgedResultIDs.sorted()
  }

  /// Applies `event` and returns what the driver must do, in order.
  public mutating func handle(_ event: KeyboardEvent) -> [KeyboardEffect] {
    let effects = transition(event)
    switch phase {
    case .listening, .interrupted, .transcribing: break
    default: liveText = LiveText()
    }
    return effects
  }

  private mutating func transition(_ event: KeyboardEvent) -> [KeyboardEffect] {
    switch event {
    case .hostStateObserved(let state, let now): observe(state, now: now)
    case .resultObserved(let result, let now): observe(result, now: now)
    case .resultClaimedElsewhere(let result, let now): claimedElsewhere(result, now: now)
    case .tick(let now): tick(now: now)
    case .startTapped(let context, let now): tapStart(context, now: now)
    case .stopTapped(let now): tapStop(now: now)
    case .keepGoingTapped(let now):
      if case .listening(_, _, let note?) = phase, note.offersKeepGoing {
        [.send(makeCommand(.keepGoing, now: now))]
      } else {
        []
      }
    case .cancelTapped(let now): tapCancel(now: now)
    case .undoTapped: tapUndo()
    case .useRawTapped: tapUseRaw()
    case .userTyped: typed()
    case .endSessionTapped(let now): tapEndSession(now: now)
    case .errorDismissed(let now): dismissError(now: now)
    case .insertionEdited(let edit, let now): reportEdit(edit, now: now)
    case .appOpenAnswered(let opened, let now): answerOpen(opened: opened, now: now)
    case .refused(let problem): refuse(problem)
    }
  }

  private mutating func refuse(_ problem: KeyboardProblem) -> [KeyboardEffect] {
    phase = .failed(problem)
    return []
  }

  /// Whether the app's last state is fresh and shows a held session.
  public func hostIsLive(at now: Double) -> Bool {
    guard let host, host.phase != .inactive else { return false }
    return !isStale(host, now: now)
  }

  func isStale(_ state: HostState, now: Double) -> Bool {
    now - state.heartbeat > configuration.staleHeartbeatAfter || state.heartbeat - now > 60
  }

  mutating func makeCommand(
    _ kind: CommandKind, now: Double, context: FieldContext? = nil, resultID: String? = nil,
    edit: InsertionEdit? = nil
  ) -> SessionCommand {
    lastCommandSeq += 1
    return SessionCommand(
      seq: lastCommandSeq, sessionID: sessionID, kind: kind, sentAt: now, context: context, resultID: resultID,
      edit: edit)
  }

  mutating func reportEdit(_ edit: InsertionEdit, now: Double) -> [KeyboardEffect] {
    guard sessionID != nil, hostIsLive(at: now) else { return [] }
    return [.send(makeCommand(.correction, now: now, edit: edit))]
  }

  mutating func sendStart(_ context: FieldContext, now: Double) -> [KeyboardEffect] {
    let command = makeCommand(.start, now: now, context: context)
    stopActivating()
    dictationSeq = command.seq
    awaitedCommand = command
    transcribingSince = nil
    liveText = LiveText()
    phase = .listening(level: nil, partialText: "")
    return [.send(command)]
  }

  mutating func endDictation() {
    dictationSeq = nil
    transcribingSince = nil
  }

  mutating func stopActivating() {
    pendingStart = nil
    activatingSince = nil
    openRequestedAt = nil
  }

  mutating func markHandled(_ id: String) {
    handledResultIDs.append(id)
    if handledResultIDs.count > 64 { handledResultIDs.removeFirst(handledResultIDs.count - 64) }
  }
}
