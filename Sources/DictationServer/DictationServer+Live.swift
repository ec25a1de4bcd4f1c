import Dictation
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import LiveWire
import Logging
import NIOCore

extension DictationServer {
  /// The WebSocket handshake of `GET /v1/audio/live` (`LiveMessage`): binary frames of 16 kHz mono s16le PCM in;
  /// `ready`, `live` revisions and, after the client's `stop`, `final` out. Query: `language`, `prompt`, `model`,
  /// `cleanup=false`. A refused handshake is answered in OpenAI's shape (`RequestGuard` writes
  /// `ConnectionGuard.refusal`): 404, 401, 400, 503 or 429.
  func liveUpgrade(_ head: HTTPRequest, channel: any Channel, logger: Logger) -> ShouldUpgradeResult<
    WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
  > {
    let uri = URI(head.path ?? "/")
    let connection = try? channel.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    let dictation: DictationPipeline.Request
    let pool: EnginePool
    do {
      (dictation, pool) = try liveRequest(path: uri.path, query: uri.queryParameters, headers: head.headerFields)
    } catch {
      let refusal = error as? APIError ?? APIError.badRequest("The live dictation cannot start.")
      connection?.refusal = refusal
      logRequest(
        method: head.method, endpoint: ServerEndpoints.handshakeLabel(uri.path), status: refusal.status, seconds: 0,
        metrics: metrics, logger: self.logger)
      return .dontUpgrade
    }
    let shutdown = LiveShutdown()
    connection?.onQuiesce = { shutdown.begin() }
    return .upgrade([:]) { inbound, outbound, _ in
      try await serveLive(inbound: inbound, outbound: outbound, dictation: dictation, pool: pool, shutdown: shutdown)
    }
  }

  /// The dictation a live request asks for and the pool of its `model`, or why it is refused (the same answer whether
  /// it asks to upgrade or not).
  func liveRequest(path: String, query: Parameters, headers: HTTPFields) throws -> (
    DictationPipeline.Request, EnginePool
  ) {
    guard path == ServerEndpoints.live else { throw APIError.notFound(path) }
    guard BearerToken.accepted(headers, tokens: tokens) else { throw APIError.unauthorized }
    let dictation = try Self.dictationRequest(
      language: query.get("language"), prompt: query.get("prompt"), cleanup: query.get("cleanup"))
    let pool = try engine.require(model: query.get("model"))
    guard admission.current < admission.capacity else { throw APIError.busy(retryAfter: 2) }
    return (dictation, pool)
  }

  /// One live dictation, from `ready` to `final`: it holds a place while audio arrives, and gives it back when the
  /// client stops, leaves, or sends no audio for `liveIdleTimeout`. When the server stops, the dictation is finished
  /// with the audio received (its final text, then the close).
  private func serveLive(
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, dictation: DictationPipeline.Request,
    pool: EnginePool, shutdown: LiveShutdown
  ) async throws {
    let started = clock.now()
    defer {
      let seconds = clock.now() - started
      metrics.request(endpoint: ServerEndpoints.live, status: 101, seconds: seconds)
    }
    guard admission.enter() else {
      try await outbound.write(
        .text(LiveMessage.error("The server is busy; try again soon.", code: "queue_full").json))
      return
    }
    defer { admission.leave() }
    let connection = LiveConnection(
      engine: pool, pipeline: pipelineOnPool(pool), request: dictation, draftInterval: configuration.draftInterval,
      started: clock.date())
    try await outbound.write(.text(LiveMessage.ready(engine: pool.id, model: pool.model).json))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await message in connection.messages { try await outbound.write(.text(message.json)) }
      }
      let ending = await readAudio(inbound, into: connection, shutdown: shutdown)
      switch ending {
      case .stopped, .serverStopping:
        if case .serverStopping = ending { logger.notice("finishing a live dictation: the server is stopping") }
        do {
          let outcome = try await withinTimeout { try await connection.finish() }
          metrics.dictation(audioSeconds: outcome.audioSeconds, workSeconds: clock.now() - started)
          await connection.send(
            .final(
              text: outcome.text.trimmingCharacters(in: .whitespacesAndNewlines), rawText: outcome.rawText,
              language: outcome.language, duration: outcome.audioSeconds))
        } catch {
          await connection.send(.error("The dictation could not be read: \(error)", code: "transcription_failed"))
        }
        await connection.close()
      case .refused(let message):
        await connection.abandon()
        try? await outbound.write(.text(message.json))
      case .left:
        await connection.abandon()
      }
      try await group.waitForAll()
    }
    let seconds = await connection.seconds
    logger.info("live dictation: \(String(format: "%.1f", seconds)) s of audio")
  }

  /// How the client's side of a live dictation ended.
  private enum LiveEnding: Sendable {
    case stopped
    case serverStopping
    case refused(LiveMessage)
    case left
  }

  /// Reads the client's audio until it stops, leaves, goes `liveIdleTimeout` without a frame, or the server stops.
  private func readAudio(
    _ inbound: WebSocketInboundStream, into connection: LiveConnection, shutdown: LiveShutdown
  ) async -> LiveEnding {
    let lastFrame = LastFrame(clock.now())
    let timeout = Int(configuration.liveIdleTimeout)
    let idle = LiveEnding.refused(
      .error("No audio came for \(timeout) s; the live dictation is closed.", code: "idle_timeout"))
    return await untilClientEnds(lastFrame: lastFrame, shutdown: shutdown, idle: idle, stopping: .serverStopping) {
      await readFrames(inbound, into: connection, lastFrame: lastFrame)
    }
  }

  /// Feeds the client's audio frames to `connection` until it sends `stop`, leaves, or sends what cannot be used.
  private func readFrames(_ inbound: WebSocketInboundStream, into connection: LiveConnection, lastFrame: LastFrame)
    async -> LiveEnding
  {
    do {
      for try await message in inbound.messages(maxSize: 1 << 20) {
        switch message {
        case .binary(let buffer):
          lastFrame.value = clock.now()
          guard let samples = LivePCM.decode(buffer.readableBytesView) else {
            return .refused(.error("An audio frame must hold whole 16-bit samples.", code: "bad_audio"))
          }
          await connection.append(samples)
          if await connection.seconds > configuration.maxLiveSeconds {
            return .refused(
              .error("A live dictation is at most \(Int(configuration.maxLiveSeconds)) s long.", code: "too_long"))
          }
        case .text(let text):
          guard let parsed = LiveMessage.parse(text), parsed.type == .stop else {
            return .refused(.error("The only text message a client sends is {\"type\":\"stop\"}.", code: "bad_message"))
          }
          return .stopped
        }
      }
    } catch {
      return .left
    }
    return .left
  }
}

extension DictationServer {
  /// What `reading` (the client's messages) ends with, unless the client is silent for `liveIdleTimeout` since
  /// `lastFrame` (`idle`) or the server stops first (`stopping`); a cancelled wait counts as the client leaving.
  func untilClientEnds<Ending: Sendable>(
    lastFrame: LastFrame, shutdown: LiveShutdown, idle: Ending, stopping: Ending,
    reading: @escaping @Sendable () async -> Ending
  ) async -> Ending {
    let (clock, timeout) = (clock, configuration.liveIdleTimeout)
    return await withTaskGroup(of: Ending?.self) { group in
      group.addTask { await reading() }
      group.addTask {
        while true {
          let (now, due) = (clock.now(), lastFrame.value + timeout)
          if now >= due { return idle }
          do { try await clock.sleep(due - now) } catch { return nil }
        }
      }
      group.addTask {
        await shutdown.wait()
        return stopping
      }
      // NB: the idle watch gives nil when cancelled with the connection; then the reading's own end is awaited.
      for await case let ending? in group {
        group.cancelAll()
        return ending
      }
      return stopping  // not reached: `reading` always ends with a value
    }
  }
}

/// When the last audio frame of a live dictation came (the pipeline clock's seconds).
final class LastFrame: @unchecked Sendable {
  private let lock = NSLock()
  private var time: Double

  init(_ time: Double) { self.time = time }

  var value: Double {
    get { lock.withLock { time } }
    set { lock.withLock { time = newValue } }
  }
}

/// Tells a live dictation that the server is stopping (once; `wait` returns at once after that).
final class LiveShutdown: @unchecked Sendable {
  private let lock = NSLock()
  private var begun = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func begin() {
    release(begin: true)
  }

  private func release(begin: Bool) {
    let waiting = lock.withLock {
      if begin { begun = true }
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the server stops, or when the waiting task is cancelled.
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = lock.withLock {
          if begun || Task.isCancelled { return true }
          waiters.append(continuation)
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      release(begin: false)
    }
  }
}
