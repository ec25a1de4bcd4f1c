import SpeechEngine

/// The host's speech engine: when it is in memory (`EngineResidency`), the engine once loaded, its warm-up call, why
/// its last load failed, and the dictations waiting for it. Its transitions return what the host must do (load,
/// warm, let go) and the waiters they free; the host does it.
package struct HostEngine {
  /// A dictation waiting for the engine: handed it once loaded, or nil when it cannot load or the session ends.
  package typealias Waiter = @Sendable ((any SpeechEngine)?) -> Void

  /// What a transition asks of the host: the residency's effects to run, and the waiters to resume with `engine`.
  package struct Outcome {
    package var effects: [EngineResidency.Effect] = []
    package var released: [Waiter] = []
    /// What the released waiters get: the engine, or nil (it could not load, or the session ended).
    package var engine: (any SpeechEngine)?
  }

  package private(set) var residency: EngineResidency
  /// The engine, while the residency says it is in memory.
  package private(set) var loaded: (any SpeechEngine)?
  /// The last failed load: which engine, and why.
  package private(set) var loadFailure: EngineLoadFailure?
  /// The freshly loaded engine's first call, while no dictation waits for it (`EngineResidency.Effect.warmUp`).
  package var warmUp: Task<Void, Never>?
  private var waiters: [Waiter] = []

  package init(idleUnloadAfter: Double?) {
    residency = EngineResidency(idleUnloadAfter: idleUnloadAfter)
  }

  /// How many dictations wait for the engine.
  package var waiting: Int { waiters.count }

  /// The engine when it is loaded and ready to read.
  package var ready: (any SpeechEngine)? { residency.state == .loaded ? loaded : nil }

  /// Why the engine cannot read, when its last load failed and none has been tried since.
  package var failure: EngineLoadFailure? {
    if case .failed = residency.state { loadFailure } else { nil }
  }

  /// Runs a residency event; an engine it lets go is dropped here.
  package mutating func handle(_ event: EngineResidency.Event) -> [EngineResidency.Effect] {
    let effects = residency.handle(event)
    if effects.contains(where: { if case .unload = $0 { true } else { false } }) { loaded = nil }
    return effects
  }

  /// `engine` finished loading at `now`. The waiters are handed it, unless the settings chose another engine while
  /// it loaded (they wait for that one) or a memory warning let it go at once (they get nil, and load it again).
  package mutating func loadFinished(_ engine: any SpeechEngine, now: Double) -> Outcome {
    loaded = engine
    var outcome = Outcome(effects: handle(.loadFinished(now: now)))
    guard residency.state != .loading else { return outcome }
    outcome.released = takeWaiters()
    outcome.engine = ready
    return outcome
  }

  /// The load failed: the waiters are told (nil), and the next dictation tries again.
  package mutating func loadFailed(_ failure: EngineLoadFailure) -> Outcome {
    loadFailure = failure
    return Outcome(effects: handle(.loadFailed(failure.description)), released: takeWaiters())
  }

  /// Waits for the engine (`ready` was nil): `waiter` is resumed by a later transition.
  package mutating func wait(_ waiter: @escaping Waiter) {
    waiters.append(waiter)
  }

  /// The session ended: every waiter is let go with nil (their audio stays in the spool).
  package mutating func releaseWaiters() -> [Waiter] {
    takeWaiters()
  }

  private mutating func takeWaiters() -> [Waiter] {
    defer { waiters = [] }
    return waiters
  }
}
