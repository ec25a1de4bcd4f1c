import Dictation
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

extension DictationServer {
  /// The WebSocket handshake of `GET /v1/realtime?intent=transcription`: OpenAI's Realtime transcription session
  /// (`RealtimeTranscription`), as OpenAI's SDKs connect to it (`client.realtime.connect(...)`, `base_url` ending in
  /// `/v1`, the token as `Authorization: Bearer`). Query: `intent` (only `transcription`), `model`. A refused
  /// handshake is answered in OpenAI's shape, as the live WebSocket's is: 404, 401, 400, 503 or 429.
  func realtimeUpgrade(_ head: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<
    WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
  > {
    let uri = URI(head.path ?? "/")
    let connection = try? channel.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    let settings: RealtimeSettings
    do {
      settings = try realtimeRequest(path: uri.path, query: uri.queryParameters, headers: head.headerFields)
    } catch {
      let refusal = error as? APIError ?? APIError.badRequest("The realtime session cannot start.")
      connection?.refusal = refusal
      logRequest(
        method: head.method, endpoint: ServerEndpoints.handshakeLabel(uri.path), status: refusal.status, seconds: 0,
        metrics: metrics, logger: logger)
      return .dontUpgrade
    }
    // NB: OpenAI's beta clients (`client.beta.realtime`) say so in a header and read the session's events under
    // their beta names.
    let beta = HTTPField.Name("OpenAI-Beta").flatMap { head.headerFields[$0] }?.contains("realtime=v1") ?? false
    let shutdown = LiveShutdown()
    connection?.onQuiesce = { shutdown.begin() }
    return .upgrade([:]) { inbound, outbound, _ in
      await serveRealtime(inbound: inbound, outbound: outbound, settings: settings, beta: beta, shutdown: shutdown)
    }
  }

  /// The settings a realtime request starts with (its `model`), or why it is refused (the same answer whether it asks
  /// to upgrade or not).
  func realtimeRequest(path: String, query: Parameters, headers: HTTPFields) throws -> RealtimeSettings {
    guard path == ServerEndpoints.realtime else { throw APIError.notFound(path) }
    guard BearerToken.accepted(headers, tokens: tokens) else { throw APIError.unauthorized }
    if let intent = query.get("intent"), intent != "transcription" {
      throw APIError.badRequest(
        "This server runs transcription sessions only: connect with intent=transcription, not '\(intent.prefix(40))'.",
        param: "intent", code: "invalid_value")
    }
    let model: String? = query.get("model")
    _ = try engine.require(model: model)
    guard admission.current < admission.capacity else { throw APIError.busy(retryAfter: 2) }
    // NB: the id comes from the pipeline's injected id source, as a dictation's does.
    return RealtimeSettings(id: "sess_" + pipeline.makeID().replacingOccurrences(of: "-", with: ""), model: model)
  }

  /// How the session reads its items: on the pool of the model it names, each item as a live dictation with the
  /// session's language and prompt, finished within the request timeout.
  var realtimeReading: RealtimeTranscription.Reading {
    RealtimeTranscription.Reading(
      open: { [self] settings in
        let pool = try engine.require(model: settings.model)
        let request = try Self.dictationRequest(language: settings.language, prompt: settings.prompt, cleanup: nil)
        let connection = LiveConnection(
          engine: pool, pipeline: pipelineOnPool(pool), request: request, draftInterval: nil, started: clock.date())
        return (connection, pool.model)
      },
      finish: { [self] connection in
        let started = clock.now()
        let outcome = try await withinTimeout { try await connection.finish() }
        metrics.dictation(audioSeconds: outcome.audioSeconds, workSeconds: clock.now() - started)
        return outcome
      },
      maxItemSeconds: configuration.maxLiveSeconds)
  }

  /// One session: it holds a place from the handshake until the client leaves, sends no event for
  /// `liveIdleTimeout`, or the server stops (the items committed are finished first). Each of those ends with a
  /// close frame saying why.
  private func serveRealtime(
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, settings: RealtimeSettings, beta: Bool,
    shutdown: LiveShutdown
  ) async {
    let started = clock.now()
    defer { metrics.request(endpoint: ServerEndpoints.realtime, status: 101, seconds: clock.now() - started) }
    let refuse = { (error: RealtimeError) in
      try? await outbound.write(.text(RealtimeServerEvent.error(error).json(eventID: "event_1")))
    }
    guard admission.enter() else {
      let busy = APIError.busy(retryAfter: 2)
      await refuse(RealtimeError(busy.message, code: busy.code, type: busy.type))
      try? await outbound.close(.unknown(1013), reason: "the server is busy")  // 1013: try again later
      return
    }
    defer { admission.leave() }
    let session: RealtimeTranscription
    do {
      session = try RealtimeTranscription(settings: settings, beta: beta, reading: realtimeReading)
    } catch {
      let message = (error as? APIError)?.message ?? "The session cannot start: \(error)"
      await refuse(RealtimeError(message, code: "engine_unavailable", type: "server_error"))
      try? await outbound.close(.unexpectedServerError, reason: "the engine is not ready")
      return
    }
    let writing = Task {
      for await event in session.events { try await outbound.write(.text(event)) }
    }
    let ending = await readEvents(inbound, into: session, shutdown: shutdown)
    switch ending {
    case .left:
      await session.abandon()
    case .idle:
      let timeout = Int(configuration.liveIdleTimeout)
      await session.send(
        .error(RealtimeError("No event came for \(timeout) s; the session is closed.", code: "idle_timeout")))
      await session.abandon()
    case .serverStopping:
      logger.notice("finishing a realtime session: the server is stopping")
      await session.finishCommitted()
    }
    try? await writing.value
    switch ending {
    case .left: break
    case .idle: try? await outbound.close(.normalClosure, reason: "idle timeout")
    case .serverStopping: try? await outbound.close(.goingAway, reason: "the server is stopping")
    }
    let seconds = await session.seconds
    logger.info("realtime session: \(String(format: "%.1f", seconds)) s of audio")
  }

  /// How the client's side of a session ended.
  private enum RealtimeEnding: Sendable {
    case left
    case idle
    case serverStopping
  }

  /// Hands the client's events to `session` until it leaves, goes `liveIdleTimeout` without one, or the server
  /// stops.
  private func readEvents(
    _ inbound: WebSocketInboundStream, into session: RealtimeTranscription, shutdown: LiveShutdown
  ) async -> RealtimeEnding {
    let lastEvent = LastFrame(clock.now())
    return await untilClientEnds(lastFrame: lastEvent, shutdown: shutdown, idle: .idle, stopping: .serverStopping) {
      do {
        for try await message in inbound.messages(maxSize: 1 << 20) {
          lastEvent.value = clock.now()
          switch message {
          case .text(let text): await session.receive(text)
          case .binary:
            await session.send(
              .error(
                RealtimeError(
                  "A binary frame is not an event: send audio as input_audio_buffer.append with base64 PCM16.",
                  code: "invalid_value")))
          }
        }
      } catch {}
      return .left
    }
  }
}
