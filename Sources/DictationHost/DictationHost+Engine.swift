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
  public var engineState: EngineResidency.State { engine.residency.state }

  /// Runs an engine residency event and what it decides.
  func changeResidency(_ event: EngineResidency.Event) {
    perform(engine.handle(event))
  }

  /// Loads, warms or lets go of the engine as the residency decided, then says what the host waits on now.
  private func perform(_ effects: [EngineResidency.Effect]) {
    for effect in effects {
      switch effect {
      case .load:
        startLoadingEngine()
      case .warmUp:
        guard let loaded = engine.loaded else { continue }
        let clock = clock
        engine.warmUp = Task { [weak self] in
          let started = clock.now()
          await loaded.warmUp()
          await self?.warmUpEnded(after: clock.now() - started, stopped: Task.isCancelled)
        }
      case .stopWarmUp:
        // NB: whisper.cpp's abort callback ends the call at its next step; the dictation's call runs next.
        engine.warmUp?.cancel()
        engine.warmUp = nil
      case .unload(let reason):
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
    let leftovers = backlog.startRecovery()
    if !leftovers.isEmpty {
      // NB: before any dictation reads with the engine: one call at a time.
      publishIfWaitsChanged()
      let recovered = await recoverSpool(leftovers, engine: loaded)
      backlog.recoveryEnded(recovered: recovered)
      publishIfWaitsChanged()
    }
    let outcome = engine.loadFinished(loaded, now: clock.now())
    perform(outcome.effects)
    for waiter in outcome.released { waiter(outcome.engine) }
    // NB: the settings chose another engine while this one loaded: the dictations waiting wait for that one.
    if engine.residency.state != .loading { scheduleLiveWork() }
  }

  private func engineFailedToLoad(_ error: Error) {
    logger.error("cannot load the speech engine: \(error)")
    let outcome = engine.loadFailed(
      error as? EngineLoadFailure ?? EngineLoadFailure(engine: "", model: "", cause: "\(error)"))
    perform(outcome.effects)
    for waiter in outcome.released { waiter(nil) }
  }

  /// The engine, once loaded: a dictation that stopped before it was ready waits here. Nil when it cannot load.
  func readyEngine() async -> (any SpeechEngine)? {
    if let ready = engine.ready { return ready }
    if ended || engine.failure != nil { return nil }
    if engine.residency.state == .unloaded { changeResidency(.dictationStarted) }
    return await withCheckedContinuation { continuation in
      engine.wait { continuation.resume(returning: $0) }
    }
  }
}
