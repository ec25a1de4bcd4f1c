import Dictation
import Foundation
import Hummingbird
import HummingbirdWebSocket
import RemoteDictation

extension DictationServer {
  /// `GET /v1/audio/live` upgraded to a WebSocket (`LiveMessage`): binary frames of 16 kHz mono s16le PCM in; `ready`,
  /// `live` revisions and, after the client's `stop`, `final` out. Query: `language`, `prompt`, `cleanup=false`.
  func addLiveRoute(to router: Router<BasicWebSocketRequestContext>) {
    router.ws("/v1/audio/live") { request, _ in
      // NB: a request refused here is answered by the HTTP route of the same path, with its status.
      guard BearerToken.accepted(request.headers, tokens: tokens), engine.pool != nil,
        admission.current < admission.capacity,
        (try? Self.dictationRequest(
          language: request.uri.queryParameters.get("language"), prompt: request.uri.queryParameters.get("prompt"),
          cleanup: request.uri.queryParameters.get("cleanup"))) != nil
      else { return .dontUpgrade }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      let started = clock.now()
      defer {
        let seconds = clock.now() - started
        metrics.request(endpoint: "/v1/audio/live", status: 101, seconds: seconds)
      }
      let query = context.request.uri.queryParameters
      guard admission.enter() else {
        try await outbound.write(
          .text(LiveMessage.error("The server is busy; try again soon.", code: "queue_full").json))
        return
      }
      defer { admission.leave() }
      guard let pool = engine.pool,
        let dictation = try? Self.dictationRequest(
          language: query.get("language"), prompt: query.get("prompt"), cleanup: query.get("cleanup"))
      else { return }
      let connection = LiveConnection(
        engine: pool, pipeline: pipelineOnPool(pool), request: dictation, draftInterval: configuration.draftInterval,
        started: clock.date())
      try await outbound.write(.text(LiveMessage.ready(engine: pool.id, model: pool.model).json))
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for await message in connection.messages { try await outbound.write(.text(message.json)) }
        }
        let ending = await readAudio(inbound, into: connection)
        switch ending {
        case .stopped:
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
  }

  /// How the client's side of a live dictation ended.
  private enum LiveEnding {
    case stopped
    case refused(LiveMessage)
    case left
  }

  /// Feeds the client's audio frames to `connection` until it sends `stop`, leaves, or sends what cannot be used.
  private func readAudio(_ inbound: WebSocketInboundStream, into connection: LiveConnection) async -> LiveEnding {
    do {
      for try await message in inbound.messages(maxSize: 1 << 20) {
        switch message {
        case .binary(let buffer):
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
