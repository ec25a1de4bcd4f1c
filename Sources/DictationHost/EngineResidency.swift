import SessionChannel

/// When the host's speech engine is in memory. The microphone never waits for it: a session is ready to record the
/// moment it has the microphone, the engine loads behind the first capture, and a dictation that ends before the
/// engine is ready waits for it at stop. A model of up to ~630 MB kept in a backgrounded app makes it an early
/// victim of the system's memory killer, so the engine is let go after `idleUnloadAfter` seconds without a
/// dictation and on a memory warning (once the dictation using it is done), and loaded again at the next tap,
/// while the user speaks. A freshly loaded engine is warmed (a first call's allocations paid) only while no dictation
/// waits for it: a dictation's own first reading warms it, and a tap during the warm-up stops it, so a cold tap's
/// first words never queue behind a call that reads nothing.
public struct EngineResidency: Sendable, Hashable {
  public enum State: Sendable, Hashable {
    case unloaded
    case loading
    case loaded
    /// The last load failed; the next dictation tries again.
    case failed(String)
  }

  public enum Event: Sendable, Hashable {
    /// The session opened: load at once, so a first dictation some seconds later finds the engine ready.
    case sessionOpened
    /// A dictation began recording: it needs the engine by the time it stops.
    case dictationStarted
    /// The dictation was delivered, failed or was cancelled.
    case dictationEnded(now: Double)
    case loadFinished(now: Double)
    case loadFailed(String)
    /// The warm-up call ended (done or stopped).
    case warmUpFinished
    /// The system is short of memory (`didReceiveMemoryWarning` on iPhone).
    case memoryWarning
    /// The settings chose another engine before a dictation: the one in memory goes, the dictation loads the new one.
    case engineChanged
    case tick(now: Double)
  }

  public enum Effect: Sendable, Hashable {
    case load
    /// Make the engine's first call now, while no one waits for it.
    case warmUp
    /// Stop the warm-up call: a dictation needs the engine.
    case stopWarmUp
    /// Let the engine go: the host drops it and the device's shelf frees its model.
    case unload(reason: String)
  }

  public private(set) var state: State = .unloaded
  /// Seconds without a dictation after which the engine is let go; nil keeps it while the session lasts.
  public let idleUnloadAfter: Double?
  /// Whether a dictation is recording or being read.
  public private(set) var inUse = false
  /// A memory warning came while the engine was loading or in use: let it go as soon as it is free.
  public private(set) var unloadWhenFree = false
  /// The settings chose another engine while one was loading: load again once that load finishes.
  public private(set) var reloadWhenLoaded = false
  /// The warm-up call is running.
  public private(set) var warming = false
  private var lastUsed = 0.0

  public init(idleUnloadAfter: Double?) {
    self.idleUnloadAfter = idleUnloadAfter
  }

  public mutating func handle(_ event: Event) -> [Effect] {
    switch event {
    case .sessionOpened:
      guard state == .unloaded else { return [] }
      state = .loading
      return [.load]
    case .dictationStarted:
      inUse = true
      unloadWhenFree = false
      switch state {
      case .unloaded, .failed:
        state = .loading
        return [.load]
      case .loading:
        return []
      case .loaded:
        guard warming else { return [] }
        warming = false
        return [.stopWarmUp]
      }
    case .dictationEnded(let now):
      inUse = false
      lastUsed = now
      return unloadIfWaiting()
    case .loadFinished(let now):
      guard state == .loading else { return [] }
      if reloadWhenLoaded {
        // NB: the load that finished is the engine the settings chose before; the new one loads now.
        reloadWhenLoaded = false
        return [.unload(reason: "the settings chose another engine"), .load]
      }
      state = .loaded
      lastUsed = max(lastUsed, now)
      let unload = unloadIfWaiting()
      guard unload.isEmpty, !inUse else { return unload }
      warming = true
      return [.warmUp]
    case .warmUpFinished:
      warming = false
      return []
    case .loadFailed(let message):
      guard state == .loading else { return [] }
      state = .failed(message)
      return []
    case .memoryWarning:
      switch state {
      case .loaded where !inUse:
        return unload(reason: "memory is short")
      case .loaded, .loading:
        unloadWhenFree = true
        return []
      case .unloaded, .failed:
        return []
      }
    case .engineChanged:
      switch state {
      case .loaded:
        return unload(reason: "the settings chose another engine")
      case .loading:
        reloadWhenLoaded = true
        return []
      case .failed:
        state = .unloaded
        return []
      case .unloaded:
        return []
      }
    case .tick(let now):
      guard state == .loaded, !inUse, let after = idleUnloadAfter, now - lastUsed >= after else { return [] }
      return unload(reason: "no dictation for \(Int(after)) s")
    }
  }

  private mutating func unloadIfWaiting() -> [Effect] {
    guard unloadWhenFree, !inUse, state == .loaded else { return [] }
    unloadWhenFree = false
    return unload(reason: "memory is short")
  }

  private mutating func unload(reason: String) -> [Effect] {
    state = .unloaded
    defer { warming = false }
    return (warming ? [.stopWarmUp] : []) + [.unload(reason: reason)]
  }
}
