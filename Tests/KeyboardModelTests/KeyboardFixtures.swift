import DictationValues
import KeyboardModel
import SessionChannel

/// Builders for the app states a keyboard observes.
enum Host {
  static func state(
    _ phase: HostPhase, seq: Int, session: String = "s1", heartbeat: Double, lastCommandSeq: Int = 0,
    dictation: Int? = nil, level: Double? = nil, live: LiveText? = nil,
    failure: HostFailure? = nil, expiresAt: Double? = nil, waitingOn: [HostPrecondition] = []
  ) -> HostState {
    var state = HostState(seq: seq, sessionID: session, phase: phase, heartbeat: heartbeat)
    state.expiresAt = expiresAt
    state.waitingOn = waitingOn
    state.dictationCommandSeq = dictation
    state.audioLevel = level
    state.liveText = live
    state.lastCommandSeq = lastCommandSeq
    state.failure = failure
    return state
  }

  static func result(
    _ id: String, session: String = "s1", commandSeq: Int, text: String, raw: String? = nil, at time: Double
  ) -> DictationResult {
    DictationResult(
      id: id, sessionID: session, commandSeq: commandSeq, text: text, rawText: raw ?? text, createdAt: time)
  }
}

extension KeyboardModel {
  /// A keyboard that has seen session `s1` in standby at time 100.
  static func ready(lastCommandSeq: Int = 0) -> KeyboardModel {
    var model = KeyboardModel(lastCommandSeq: lastCommandSeq)
    _ = model.handle(
      .hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100, lastCommandSeq: lastCommandSeq), now: 100))
    return model
  }

  /// A keyboard listening to dictation #1 of session `s1`, confirmed by the app.
  static func listening() -> KeyboardModel {
    var model = ready()
    _ = model.handle(.startTapped(FieldContext(textBeforeCursor: "Hi"), now: 101))
    _ = model.handle(
      .hostStateObserved(Host.state(.recording, seq: 2, heartbeat: 101, lastCommandSeq: 1, dictation: 1), now: 101))
    return model
  }

  /// A keyboard that inserted "Hello there." (raw "hello there") for dictation #1.
  static func inserted() -> KeyboardModel {
    var model = listening()
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 104, lastCommandSeq: 2), now: 104))
    _ = model.handle(
      .resultObserved(Host.result("s1-1", commandSeq: 1, text: "Hello there.", raw: "hello there", at: 104), now: 104))
    return model
  }

  /// The commands in `effects`.
  static func commands(_ effects: [KeyboardEffect]) -> [SessionCommand] {
    effects.compactMap { if case .send(let command) = $0 { command } else { nil } }
  }
}
