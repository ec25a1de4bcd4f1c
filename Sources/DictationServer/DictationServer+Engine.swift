import Foundation

extension DictationServer {
  /// Runs `serve` (the listening server) while the engine pool loads. An engine that cannot load stops the server
  /// with `EngineUnavailable`, so a supervisor sees the failure and restarts it, unless the configuration says to
  /// wait (then the server keeps answering `/health`, and 503 with the reason elsewhere).
  func serveWhileLoading(_ serve: @escaping @Sendable () async throws -> Void) async throws {
    try uploads.prepare()
    let configuration = configuration
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await serve()
        return true
      }
      group.addTask { [engine, metrics, makeEngines, logger, clock] in
        let failure = await engine.load(
          workers: configuration.workers, threadsPerCall: configuration.engineThreads, makeEngines: makeEngines,
          observe: { waiting, busy in metrics.engine(waiting: waiting, busy: busy) }, clock: clock, logger: logger)
        guard let failure else { return false }
        guard configuration.waitForEngine else { throw EngineUnavailable(reason: failure) }
        logger.error("the speech engine could not load: \(failure)")
        return false
      }
      // NB: the loading task ends first (ready, or failed while waiting) and serving goes on; serving ending (a
      // signal) or the engine failing ends the group, which cancels what is left.
      for try await servingEnded in group where servingEnded {
        group.cancelAll()
        return
      }
    }
  }
}

/// The engine could not load and the server was not told to wait for it.
public struct EngineUnavailable: Error, CustomStringConvertible {
  /// Why, e.g. "the whisper engine needs …; run `utter engines install`".
  public var reason: String
  public var description: String { "the speech engine could not load: \(reason)" }
}
