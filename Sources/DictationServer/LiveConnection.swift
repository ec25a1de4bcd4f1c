import Dictation
import DictationValues
import Foundation
import LiveWire
import SpeechEngine
import SpeechReading

/// One live dictation over the WebSocket: the audio the client streams is read as the host reads a keyboard's
/// (`LiveReading`: settled windows at full quality, drafts of the speech going on), its live text cleaned up as the
/// keyboard shows it, and at `stop` the pipeline's final text, the windows already read reused. A streamed upload
/// (`stream=true`) is read by one too, all its audio at once.
actor LiveConnection {
  private var reading: LiveReading
  private let engine: any SpeechEngine
  private let pipeline: DictationPipeline
  private let request: DictationPipeline.Request
  private let cleanUp: LiveTextCleanUp?
  private let started: Date
  private let sink: AsyncStream<LiveMessage>.Continuation
  private var stopped = false
  /// Whether a live engine call is in flight, and who waits until none is.
  private var calling = false
  private var settledWaiters: [CheckedContinuation<Void, Never>] = []

  /// Messages for the client, in order: each live text revision (the owner adds the final text).
  nonisolated let messages: AsyncStream<LiveMessage>

  init(
    engine: any SpeechEngine, pipeline: DictationPipeline, request: DictationPipeline.Request, draftInterval: Double?,
    started: Date
  ) {
    self.started = started
    self.engine = engine
    self.pipeline = pipeline
    self.request = request
    cleanUp = request.raw ? nil : pipeline.formatter.liveCleanUp
    reading = LiveReading(segmenter: VoiceActivitySegmenter(), draftInterval: draftInterval)
    (messages, sink) = AsyncStream.makeStream()
  }

  /// Seconds of audio received.
  var seconds: Double { reading.seconds }

  /// The speech heard so far and the quiet since its last word, in seconds (a Realtime session's turn detection).
  var speechTiming: (speech: Double, quiet: Double) { reading.speechTiming }

  /// Takes the next audio frame.
  func append(_ samples: [Float]) {
    guard !stopped else { return }
    _ = reading.append(samples)
    advance()
  }

  /// Sends a message after the live text (the final text, an error); nothing is sent after `close`.
  func send(_ message: LiveMessage) {
    sink.yield(message)
  }

  /// Ends the message stream.
  func close() {
    sink.finish()
  }

  /// The client is done: the final text, as `DictationPipeline` makes it from the windows read while it spoke.
  func finish() async throws -> DictationOutcome {
    stopped = true
    let (_, job) = reading.stop(windowing: engine.windowing)
    if let job { await job.value }
    return try await pipeline.run(reading, request: request, started: started)
  }

  /// The client left without stopping: the engine call in flight is stopped.
  func abandon() {
    stopped = true
    let (_, job) = reading.stop(windowing: engine.windowing)
    job?.cancel()
    sink.finish()
    wakeSettled()
  }

  /// An uploaded file read as if it had all been spoken at once (`stream=true`): each window read as soon as it is
  /// settled, its words sent as `live` messages, then the final text, those windows reused. Cancelling abandons it.
  func read(upload samples: [Float]) async throws -> DictationOutcome {
    append(samples)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if calling && !stopped { settledWaiters.append(continuation) } else { continuation.resume() }
      }
    } onCancel: {
      Task { await self.abandon() }
    }
    try Task.checkCancellation()
    return try await finish()
  }

  private func advance() {
    guard !stopped else { return }
    let step = reading.advance(engine: engine, options: pipeline.options(for: request, on: engine)) {
      [weak self] update in
      await self?.finished(update)
    }
    if step.started != nil { calling = true }
    guard step.changed else { return }
    let raw = reading.liveText
    let shown = cleanUp.map { raw.cleanedUp(for: request.field, by: $0) } ?? raw
    sink.yield(.live(shown))
  }

  private func finished(_ update: LiveReading.Update) {
    reading.finished(update)
    calling = false
    advance()
    wakeSettled()
  }

  /// Wakes those waiting for the live calls to end, once none is in flight.
  private func wakeSettled() {
    guard !calling || stopped else { return }
    let waiters = settledWaiters
    settledWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}
