import Clocks
import Foundation
import Logging
import SpeechEngine

/// The server's engine pools as they load, one per served model (the first is the default): requests get 503 until
/// every worker's engine is loaded and warmed, and pools that could not load say why on `/ready`.
final class ServerEngine: @unchecked Sendable {
  enum State {
    case loading
    case ready([EnginePool])
    case failed(String)
  }

  private let lock = NSLock()
  private var state = State.loading

  /// The default pool, once ready.
  var pool: EnginePool? { pools.first }

  /// Every pool, the default first, once ready.
  var pools: [EnginePool] {
    lock.withLock {
      if case .ready(let pools) = state { return pools }
      return []
    }
  }

  var current: State { lock.withLock { state } }

  /// When the pools became ready, in Unix seconds (OpenAI's `created` of a model).
  var readyAt: Int { lock.withLock { loadedAt } }
  private var loadedAt = 0

  /// Loads `workers` engines of each model one after the other, then warms them; returns why they could not load
  /// (kept for `/ready` too), nil once they are ready. `observe` hears the queue depth and busy workers of all pools.
  func load(
    workers: Int, threadsPerCall: Int, makeEngines: [@Sendable () async throws -> any SpeechEngine],
    observe: @escaping @Sendable (Int, Int) -> Void, clock: UtterClock, logger: Logger
  ) async -> String? {
    let started = clock.now()
    let load = PoolLoad(pools: makeEngines.count, observe: observe)
    do {
      guard !makeEngines.isEmpty else { throw SpeechEngineError("no model to serve") }
      var pools: [EnginePool] = []
      for (index, makeEngine) in makeEngines.enumerated() {
        var engines: [any SpeechEngine] = []
        for _ in 0..<workers { engines.append(try await makeEngine()) }
        guard !pools.contains(where: { $0.model == engines[0].model }) else {
          throw SpeechEngineError("the model \(engines[0].model) is named twice")
        }
        pools.append(
          EnginePool(engines: engines, threadsPerCall: threadsPerCall) { load.observe(pool: index, $0, $1) })
      }
      for pool in pools { await pool.warmUp() }
      lock.withLock {
        state = .ready(pools)
        loadedAt = Int(clock.date().timeIntervalSince1970)
      }
      logger.notice(
        "engine \(pools[0].id) \(pools.map(\.model).joined(separator: ", ")) ready on \(workers) worker(s) of \(threadsPerCall) thread(s) in \(String(format: "%.1f", clock.now() - started)) s"
      )
      return nil
    } catch {
      lock.withLock { state = .failed("\(error)") }
      return "\(error)"
    }
  }

  /// Loads one model's pool (`load(makeEngines:)` with one).
  func load(
    workers: Int, threadsPerCall: Int, makeEngine: @escaping @Sendable () async throws -> any SpeechEngine,
    observe: @escaping @Sendable (Int, Int) -> Void, clock: UtterClock, logger: Logger
  ) async -> String? {
    await load(
      workers: workers, threadsPerCall: threadsPerCall, makeEngines: [makeEngine], observe: observe, clock: clock,
      logger: logger)
  }

  /// The default pool, or the 503 a request gets while there is none.
  func require() throws -> EnginePool {
    switch current {
    case .ready(let pools): return pools[0]
    case .loading: throw APIError.loading(retryAfter: 5)
    case .failed(let reason):
      throw APIError(
        status: 503, message: "The speech engine could not load: \(reason)", type: "server_error",
        code: "engine_unavailable")
    }
  }

  /// The pool a request's `model` names: a served model's id, else the default for none and for OpenAI's own
  /// names (`whisper-1`, `gpt-4o-transcribe`…, which its clients send); any other name is a 400 naming those served.
  func require(model: String?) throws -> EnginePool {
    let fallback = try require()
    guard let model, !model.isEmpty, !Self.isOpenAIModel(model) else { return fallback }
    let pools = pools
    if let pool = pools.first(where: { $0.model == model }) { return pool }
    throw APIError(
      status: 400,
      message:
        "The model '\(model.prefix(80))' is not served here; this server reads with \(pools.map { "'\($0.model)'" }.joined(separator: ", ")) (OpenAI's names read with '\(fallback.model)').",
      code: "model_not_found", param: "model")
  }

  /// OpenAI's transcription models, which its clients name by default.
  static func isOpenAIModel(_ name: String) -> Bool { name == "whisper-1" || name.hasPrefix("gpt-4o") }
}

/// The queue depth and busy workers summed over the pools.
final class PoolLoad: @unchecked Sendable {
  private let lock = NSLock()
  private var waiting: [Int]
  private var busy: [Int]
  private let report: @Sendable (Int, Int) -> Void

  init(pools: Int, observe: @escaping @Sendable (Int, Int) -> Void) {
    waiting = Array(repeating: 0, count: pools)
    busy = waiting
    report = observe
  }

  func observe(pool: Int, _ poolWaiting: Int, _ poolBusy: Int) {
    let sums = lock.withLock {
      waiting[pool] = poolWaiting
      busy[pool] = poolBusy
      return (waiting.reduce(0, +), busy.reduce(0, +))
    }
    report(sums.0, sums.1)
  }
}
