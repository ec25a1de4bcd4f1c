import SpeechEngine

/// The server's speech engines, one per worker: each engine call runs on a free one, and callers wait their turn in
/// order. It is itself a `SpeechEngine`, so the dictation pipeline and the live reading use it as they would one
/// engine. Every call gets the same number of threads whatever the load: an engine's text can depend on its thread
/// count, so a file gives the same text alone as among many clients.
public actor EnginePool: SpeechEngine {
  public nonisolated let id: String
  public nonisolated let model: String
  public nonisolated let windowing: VoicedTranscription.Windowing
  public nonisolated let readableLanguages: Set<String>?
  private var free: [any SpeechEngine]
  /// Threads each call gets, unless the caller set its own.
  public nonisolated let threadsPerCall: Int
  private var busy = 0
  private var waiters: [(id: Int, continuation: CheckedContinuation<(any SpeechEngine)?, Never>)] = []
  private var nextWaiter = 0
  private let observe: @Sendable (_ waiting: Int, _ busy: Int) -> Void

  /// A pool of `engines` (at least one) whose calls each get `threadsPerCall` threads; `observe` hears the queue's
  /// depth and the busy workers after every change.
  public init(
    engines: [any SpeechEngine], threadsPerCall: Int,
    observe: @escaping @Sendable (_ waiting: Int, _ busy: Int) -> Void = { _, _ in }
  ) {
    precondition(!engines.isEmpty, "a pool needs an engine")
    id = engines[0].id
    model = engines[0].model
    windowing = engines[0].windowing
    readableLanguages = engines[0].readableLanguages
    free = engines
    self.threadsPerCall = max(1, threadsPerCall)
    self.observe = observe
  }

  /// Engine calls waiting for a worker.
  public var waiting: Int { waiters.count }

  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    guard let engine = await acquire() else { throw CancellationError() }
    defer { release(engine) }
    var options = options
    if options.threads == nil { options.threads = threadsPerCall }
    return try await engine.transcribe(samples, options: options)
  }

  public func warmUp() async {
    let engines = free
    await withTaskGroup(of: Void.self) { group in
      for engine in engines { group.addTask { await engine.warmUp() } }
    }
  }

  private func acquire() async -> (any SpeechEngine)? {
    if waiters.isEmpty, let engine = free.popLast() {
      busy += 1
      observe(waiters.count, busy)
      return engine
    }
    nextWaiter += 1
    let ticket = nextWaiter
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(returning: nil)
          return
        }
        waiters.append((ticket, continuation))
        observe(waiters.count, busy)
      }
    } onCancel: {
      Task { await self.cancelWaiter(ticket) }
    }
  }

  private func cancelWaiter(_ ticket: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == ticket }) else { return }
    waiters.remove(at: index).continuation.resume(returning: nil)
    observe(waiters.count, busy)
  }

  private func release(_ engine: any SpeechEngine) {
    if waiters.isEmpty {
      busy -= 1
      free.append(engine)
    } else {
      // NB: the engine goes straight to the next caller; `busy` stays the same.
      waiters.removeFirst().continuation.resume(returning: engine)
    }
    observe(waiters.count, busy)
  }
}
