import Foundation
import SpeechEngine

/// An engine that could not load (`HostEnvironment.loadEngine` throws it): the one chosen, so that a dictation left
/// without it is kept in history under that engine's name, and why, in one line.
public struct EngineLoadFailure: Error, CustomStringConvertible, Sendable {
  /// The chosen engine's id (`whisper`, `openai`).
  public var engine: String
  /// Its model; empty for the engine's default.
  public var model: String
  public var description: String

  public init(engine: String, model: String, cause: String) {
    self.engine = engine
    self.model = model
    description = cause
  }
}

extension DictationHost {
  /// The system is short of memory: the engine is let go now, or as soon as the dictation using it is done.
  public func memoryWarning() {
    logger.notice("memory warning")
    changeResidency(.memoryWarning)
  }

  /// Whether the engine is in memory now (for the app's screens and tests).
  public var engineState: EngineResidency.State { residency.state }

  /// Runs an engine residency event and what it decides.
  func changeResidency(_ event: EngineResidency.Event) {
    for effect in residency.handle(event) {
      switch effect {
      case .load:
        startLoadingEngine()
      case .warmUp:
        guard let engine else { continue }
        let clock = clock
        warmUp = Task { [weak self] in
          let started = clock.now()
          await engine.warmUp()
          await self?.warmUpEnded(after: clock.now() - started, stopped: Task.isCancelled)
        }
      case .stopWarmUp:
        // NB: whisper.cpp's abort callback ends the call at its next step; the dictation's call runs next.
        warmUp?.cancel()
        warmUp = nil
      case .unload(let reason):
        engine = nil
        let unload = environment.unloadEngine
        Task { await unload() }
        logger.notice("engine unloaded: \(reason); the next dictation records at once and loads it meanwhile")
      }
    }
    publishIfWaitsChanged()
  }

  private func warmUpEnded(after seconds: Double, stopped: Bool) {
    logger.debug("engine warm-up \(stopped ? "stopped" : "done") after \(String(format: "%.2f", seconds)) s")
    // NB: a stopped warm-up was already let go (`stopWarmUp`).
    if !stopped { changeResidency(.warmUpFinished) }
  }

  private func startLoadingEngine() {
    let environment = environment
    let delay = configuration.engineLoadDelay
    let clock = clock
    let started = clock.now()
    logger.info("loading the speech engine")
    Task { [weak self] in
      do {
        // NB: a slow device's first load, shown by `utter host --engine-delay`.
        if delay > 0 { try await clock.sleep(delay) }
        let loaded = try await environment.loadEngine()
        await self?.engineLoaded(loaded, after: clock.now() - started)
      } catch {
        await self?.engineFailedToLoad(error)
      }
    }
  }

  private func engineLoaded(_ loaded: any SpeechEngine, after seconds: Double) async {
    guard !ended else { return }
    logger.info("speech engine ready after \(String(format: "%.1f", seconds)) s")
    if !leftoverSpools.isEmpty {
      // NB: before any dictation reads with the engine: one call at a time.
      let leftovers = leftoverSpools
      leftoverSpools = []
      recoveringSpool = true
      publishIfWaitsChanged()
      await recoverSpool(leftovers, engine: loaded)
      recoveringSpool = false
      publishIfWaitsChanged()
    }
    engine = loaded
    changeResidency(.loadFinished(now: clock.now()))
    // NB: the settings chose another engine while this one loaded: the dictations waiting wait for that one.
    guard residency.state != .loading else { return }
    let waiting = engineWaiters
    engineWaiters = []
    for waiter in waiting { waiter.resume(returning: residency.state == .loaded ? loaded : nil) }
    scheduleLiveWork()
  }

  private func engineFailedToLoad(_ error: Error) {
    logger.error("cannot load the speech engine: \(error)")
    loadFailure = error as? EngineLoadFailure ?? EngineLoadFailure(engine: "", model: "", cause: "\(error)")
    changeResidency(.loadFailed("\(error)"))
    let waiting = engineWaiters
    engineWaiters = []
    for waiter in waiting { waiter.resume(returning: nil) }
  }

  /// The engine, once loaded: a dictation that stopped before it was ready waits here. Nil when it cannot load.
  func readyEngine() async -> (any SpeechEngine)? {
    if let engine, residency.state == .loaded { return engine }
    if ended { return nil }
    if case .failed = residency.state { return nil }
    if residency.state == .unloaded { changeResidency(.dictationStarted) }
    return await withCheckedContinuation { engineWaiters.append($0) }
  }

  /// Lets dictations waiting for the engine go (the session ended; their audio stays in the spool).
  func releaseEngineWaiters() {
    let waiting = engineWaiters
    engineWaiters = []
    for waiter in waiting { waiter.resume(returning: nil) }
  }
}
