import Dictation
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Registers what to do when a request's client leaves (`ConnectionGuard.whenClientLeaves`).
typealias OnConnectionClose = @Sendable (_ left: @escaping @Sendable () -> Void) -> Void

extension DictationServer {
  /// `POST /v1/audio/transcriptions` with `stream=true`: OpenAI's server-sent events. The upload is read as a live
  /// dictation is (`LiveConnection`, on the pool: each window read as soon as it is settled), each confirmed text's
  /// new words sent as a `transcript.text.delta`, then `transcript.text.done` with the final text, the same as the
  /// answer without `stream`. The request keeps its admission place until the last event; a failure after the stream
  /// began is an `error` event in OpenAI's error shape. When the client leaves (`onClose`), the engine stops and the
  /// place is given back at once.
  func streamedTranscription(
    _ samples: [Float], request dictation: DictationPipeline.Request, pool: EnginePool, place: Admission.Place,
    onClose: @escaping OnConnectionClose
  ) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "text/event-stream; charset=utf-8"
    headers[.cacheControl] = "no-cache"
    // NB: nginx buffers a proxied response unless told not to, which would hold every event back until the last.
    if let buffering = HTTPField.Name("X-Accel-Buffering") { headers[buffering] = "no" }
    let connection = LiveConnection(
      engine: pool, pipeline: pipelineOnPool(pool), request: dictation, draftInterval: nil, started: clock.date())
    let body = ResponseBody { [self] writer in
      defer { place.leave() }
      let started = clock.now()
      let reading = Task { await read(samples, by: connection) }
      let leaving = ClientLeaving {
        reading.cancel()
        Task { await connection.abandon() }
      }
      onClose { leaving.leave() }
      defer { leaving.done() }
      var text = StreamedText()
      var firstDelta: Double?
      do {
        for await message in connection.messages {
          guard let live = message.liveText, let delta = text.delta(confirmed: live.confirmed) else { continue }
          try await writer.write(TranscriptionEvent.delta(delta).buffer)
          if firstDelta == nil { firstDelta = clock.now() - started }
        }
        switch await reading.value {
        case .success(let outcome):
          metrics.dictation(audioSeconds: outcome.audioSeconds, workSeconds: clock.now() - started)
          let final = outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)
          if let delta = text.closing(final: final) {
            try await writer.write(TranscriptionEvent.delta(delta).buffer)
            if firstDelta == nil { firstDelta = clock.now() - started }
          }
          try await writer.write(TranscriptionEvent.done(final).buffer)
        case .failure(let error):
          try await writer.write(TranscriptionEvent.error(error).buffer)
        }
        // NB: the place is free before the client reads the end, so it may send its next request at once.
        place.leave()
        try await writer.finish(nil)
      } catch {
        reading.cancel()
        await connection.abandon()
        throw error
      }
      let first = firstDelta.map { String(format: "%.2f s", $0) } ?? "none"
      let end = leaving.hasLeft ? "client left" : "done"
      logger.info(
        "streamed transcription: first delta \(first), \(end) after \(String(format: "%.2f", clock.now() - started)) s")
    }
    return Response(status: .ok, headers: headers, body: body)
  }

  /// What to do if the client leaves while its stream is written; forgotten (with the reading it holds) once the
  /// stream ends, though the connection stays open for the next request.
  final class ClientLeaving: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?
    private var left = false

    init(_ action: @escaping @Sendable () -> Void) {
      self.action = action
    }

    /// The client left: the action runs, once.
    func leave() {
      let action = lock.withLock {
        left = true
        defer { self.action = nil }
        return self.action
      }
      action?()
    }

    /// Whether the client left before the stream ended.
    var hasLeft: Bool { lock.withLock { left } }

    /// The stream ended: the action is dropped.
    func done() {
      lock.withLock { action = nil }
    }
  }

  /// Reads the upload within the request timeout; the reading is abandoned (its engine call stopped) when it fails.
  private func read(_ samples: [Float], by connection: LiveConnection) async -> Result<DictationOutcome, APIError> {
    let result: Result<DictationOutcome, APIError>
    do {
      result = .success(try await withinTimeout { try await connection.read(upload: samples) })
    } catch let error as APIError {
      result = .failure(error)
    } catch {
      result = .failure(
        APIError(
          status: 500, message: "Transcription failed: \(error)", type: "server_error", code: "transcription_failed"))
    }
    if case .failure = result { await connection.abandon() } else { await connection.close() }
    return result
  }
}
