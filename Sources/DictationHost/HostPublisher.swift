import DictationValues
import SessionChannel

/// What a recording adds to the state it is published in: when it stops by itself, and whether it may keep going.
package struct RecordingFigures: Sendable, Hashable {
  package var stopsIn: Double?
  package var canKeepGoing: Bool

  package init(stopsIn: Double?, canKeepGoing: Bool) {
    self.stopsIn = stopsIn
    self.canKeepGoing = canKeepGoing
  }
}

/// What the host publishes, and to whom: the state's number and its write (tried anew after a failure), what the last
/// state said the host waits on, the recording's level, live text and microphone, the app's own screens following
/// the host (`DictationHost.updates()`), and where the app's own dictation goes.
package struct HostPublisher {
  package private(set) var seq = 0
  /// The state's writes, each one after a failure tried anew.
  package var writes = RetriedWrite()
  /// What the last published state said the host waits on.
  package private(set) var publishedWaits: [HostPrecondition] = []
  /// The microphone's level in dBFS, published while recording.
  package var audioLevel: Double?
  /// The words of the dictation being recorded, as published.
  package var liveText: LiveText?
  /// The microphone recording, by name, as the phone's route names it; published while recording.
  package var microphoneName: String?
  /// Where the app's current (or last) own dictation goes (`DictationHost.requestFromApp`).
  package var appTarget = AppDictationTarget.app
  private var subscribers: [Int: AsyncStream<HostUpdate>.Continuation] = [:]
  private var lastSubscriber = 0

  package init() {}

  /// A new recording: no level or words of the last one are shown.
  package mutating func recordingStarted() {
    audioLevel = nil
    liveText = nil
  }

  /// Whether `waits` differ from what the last state said.
  package func waitsChanged(_ waits: [HostPrecondition]) -> Bool { waits != publishedWaits }

  /// The next state of `model` (in `phase`, else the model's), numbered one past the last; nil before a session.
  package mutating func state(
    of model: HostModel, phase: HostPhase? = nil, waits: [HostPrecondition], recording: RecordingFigures?, now: Double
  ) -> HostState? {
    guard let sessionID = model.sessionID else { return nil }
    seq += 1
    publishedWaits = waits
    let phase = phase ?? model.phase
    var state = HostState(seq: seq, sessionID: sessionID, phase: phase, heartbeat: now)
    state.expiresAt = model.expiresAt
    state.waitingOn = waits
    state.dictationCommandSeq = model.dictation?.commandSeq
    state.audioLevel = phase == .recording ? audioLevel : nil
    state.liveText = liveText
    state.lastCommandSeq = model.lastCommandSeq
    state.lastResultID = model.lastResultID
    state.failure = model.failure
    if phase == .recording, let recording {
      state.microphone = microphoneName
      state.stopsIn = recording.stopsIn
      state.canKeepGoing = recording.canKeepGoing
    }
    state.appDictation = model.dictation?.origin == .app ? true : nil
    return state
  }

  /// `dictation` with the origin its app request gave it (the model names every dictation of the app's `.app`).
  package func originated(_ dictation: ActiveDictation) -> ActiveDictation {
    guard dictation.origin == .app else { return dictation }
    var named = dictation
    named.origin = appTarget.origin
    return named
  }

  /// The result offered to the keyboard for `dictation`: the keyboard's own, and the app's when its target is the
  /// cursor, saying where it came from; nil for text the app keeps or a Shortcut takes.
  package func keyboardResult(
    for dictation: ActiveDictation, entry: HistoryEntry, notice: String?, pressesReturn: Bool = false,
    original: String? = nil, sessionID: String, now: Double
  ) -> DictationResult? {
    let source: String?
    switch dictation.origin {
    case .keyboard: source = nil
    case _ where appTarget.offersToKeyboard: source = appTarget.keyboardNotice
    default: return nil
    }
    let notices = [source, dictation.cutShort?.notice, notice].compactMap { $0 }
    return DictationResult(
      id: dictation.id, sessionID: sessionID, commandSeq: dictation.commandSeq, text: entry.finalText,
      rawText: entry.rawText, createdAt: now, notice: notices.isEmpty ? nil : notices.joined(separator: " · "),
      selection: dictation.context.selection, pressesReturn: pressesReturn ? true : nil, original: original)
  }

  /// Follows the host with `continuation` until `unsubscribe` or `finishAll`; returns its number.
  package mutating func subscribe(_ continuation: AsyncStream<HostUpdate>.Continuation) -> Int {
    lastSubscriber += 1
    subscribers[lastSubscriber] = continuation
    return lastSubscriber
  }

  package mutating func unsubscribe(_ id: Int) {
    subscribers[id] = nil
  }

  /// Hands `update` to every screen following the host.
  package func broadcast(_ update: HostUpdate) {
    for subscriber in subscribers.values { subscriber.yield(update) }
  }

  /// The session ended: every screen's stream ends.
  package mutating func finishAll() {
    for subscriber in subscribers.values { subscriber.finish() }
    subscribers.removeAll()
  }
}
