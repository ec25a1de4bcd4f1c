import Clocks
import Foundation
import Logging
import SpeechEngine

/// The server's engine pool as it loads: requests get 503 until every worker's engine is loaded and warmed, and a
/// pool that could not load says why on `/ready`.
final class ServerEngine: @unchecked Sendable {
  enum State {
    case loading
    case ready(EnginePool)
    case failed(String)
  }

  private let lock = NSLock()
  private var state = State.loading

  /// The pool, once ready.
  var pool: EnginePool? {
    lock.withLock {
      if case .ready(let pool) = state { return pool }
      return nil
    }
  }

  var current: State { lock.withLock { state } }

  /// Loads `workers` engines one after the other, then warms them; returns why they could not load (kept for
  /// `/ready` too), nil once they are ready.
  func load(
    workers: Int, threadsPerCall: Int, makeEngine: @Sendable () async throws -> any SpeechEngine,
    observe: @escaping @Sendable (Int, Int) -> Void, clock: UtterClock, logger: Logger
  ) async -> String? {
    let started = clock.now()
    do {
      var engines: [any SpeechEngine] = []
      for _ in 0..<workers { engines.append(try await makeEngine()) }
      let pool = EnginePool(engines: engines, threadsPerCall: threadsPerCall, observe: observe)
      await pool.warmUp()
      lock.withLock { state = .ready(pool) }
      logger.notice(
        "engine \(pool.id) \(pool.model) ready on \(workers) worker(s) of \(threadsPerCall) thread(s) in \(String(format: "%.1f", clock.now() - started)) s"
      )
      return nil
    } catch {
      lock.withLock { state = .failed("\(error)") }
      return "\(error)"
    }
  }

  /// The pool, or the 503 a request gets while there is none.
  func require() throws -> EnginePool {
    switch current {
    case .ready(let pool): return pool
    case .loading: throw APIError.loading(retryAfter: 5)
    case .failed(let reason):
      throw APIError(
        status: 503, message: "The speech engine could not load: \(reason)", type: "server_error",
        code: "engine_unavailable")
    }
  }
}
