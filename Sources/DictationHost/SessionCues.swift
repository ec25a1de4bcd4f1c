import SessionChannel

/// A sound or tap that tells the user where a dictation is, without looking.
public enum SessionCue: Sendable, Hashable {
  case started, stopped, delivered, failed
}

/// Which cues the app plays as the host's state changes: a dictation starting, its stop, a new result, a failure.
/// Fed every published state; repeats of one state play nothing.
public struct SessionCues: Sendable, Hashable {
  public private(set) var phase: HostPhase = .inactive
  private var lastSeq = -1
  private var lastResultID: String?

  public init() {}

  /// The cues `state` calls for.
  public mutating func observe(_ state: HostState) -> [SessionCue] {
    guard state.seq != lastSeq else { return [] }
    lastSeq = state.seq
    let previous = phase
    phase = state.phase
    guard previous != phase else { return [] }
    switch (previous, phase) {
    case (_, .recording):
      return [.started]
    case (.recording, .transcribing):
      return [.stopped]
    case (_, .standby), (_, .interrupted):
      if let id = state.lastResultID, id != lastResultID {
        lastResultID = id
        return [.delivered]
      }
      return state.failure != nil ? [.failed] : []
    default:
      return []
    }
  }
}
