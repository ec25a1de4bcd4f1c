import AudioInput
import Dictation
import DictationValues
import Foundation
import HTTPTypes
import Hummingbird
import SpeechEngine

extension DictationServer {
  /// Every endpoint; each route is added under its method with `route`, so a path asked with another method is
  /// answered 405 from the same table, which is returned (the OpenAPI document's tests compare it with its paths).
  @discardableResult
  func addRoutes(to router: Router<ServerRequestContext>) -> ServerRoutes {
    var routes = ServerRoutes(router: router)
    routes.add("/health", .get) { _, _ in HealthAnswer() }
    routes.add("/ready", .get) { _, _ in try ready() }
    routes.add("/metrics", .get) { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
    }
    routes.add(OpenAPIDocument.path, .get) { _, _ in OpenAPIDocument.response() }
    routes.add("/v1/models", .get) { _, _ in
      _ = try engine.require()
      return ModelListAnswer(data: engine.pools.map { ModelAnswer($0, created: engine.readyAt) })
    }
    routes.add("/v1/models/{id}", .get) { _, context in
      _ = try engine.require()
      let id = context.parameters.get("id") ?? ""
      let pools = engine.pools
      guard let pool = pools.first(where: { $0.model == id }) else {
        let served = pools.map { "'\($0.model)'" }.joined(separator: ", ")
        throw APIError(
          status: 404, message: "The model '\(id.prefix(80))' does not exist; this server reads with \(served).",
          code: "model_not_found", param: "model")
      }
      return ModelAnswer(pool, created: engine.readyAt)
    }
    routes.add("/v1/audio/transcriptions", .post) { request, context in
      let channel = context.channel
      return try await transcribe(request, place: try admission.place(retryAfter: 2)) { left in
        ConnectionGuard.whenClientLeaves(channel, left)
      }
    }
    routes.add("/v1/format", .post) { request, _ in
      try await admission.admitted(retryAfter: 1) {
        try await format(request)
      }
    }
    // NB: the WebSocket router upgrades a good request; any other GET of the live path gets here and is told why.
    routes.add("/v1/audio/live", .get) { request, _ -> Response in
      _ = try liveRequest(path: request.uri.path, query: request.uri.queryParameters, headers: request.headers)
      throw APIError(
        status: 426, message: "/v1/audio/live is a WebSocket: connect with an upgrade request.",
        code: "upgrade_required")
    }
    routes.add(ServerEndpoints.realtime, .get) { request, _ -> Response in
      _ = try realtimeRequest(path: request.uri.path, query: request.uri.queryParameters, headers: request.headers)
      throw APIError(
        status: 426, message: "/v1/realtime is a WebSocket: connect with an upgrade request.",
        code: "upgrade_required")
    }
    routes.refuseOtherMethods()
    return routes
  }

  private func ready() throws -> ReadyAnswer {
    let pool = try engine.require()
    return ReadyAnswer(
      engine: pool.id, model: pool.model, workers: configuration.workers, queue: configuration.queueLength)
  }

  /// `POST /v1/audio/transcriptions`: OpenAI's fields (`file`, `model`, `language`, `prompt`, `response_format`,
  /// `temperature`, `stream`), plus `cleanup=false` for the engine's words without Utter's clean-up. `place` is held
  /// until the answer is written (a stream's last event, or the connection's close, which `onClose` tells).
  private func transcribe(_ request: Request, place: Admission.Place, onClose: @escaping OnConnectionClose)
    async throws -> Response
  {
    var streaming = false
    defer { if !streaming { place.leave() } }
    _ = try engine.require()
    let limit = configuration.maxUploadBytes
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw APIError.tooLarge(limit: limit)
    }
    guard let boundary = MultipartForm.boundary(contentType: request.headers[.contentType]) else {
      throw APIError.badRequest("Send the audio as multipart/form-data with a 'file' field.")
    }
    let body = try await request.body.collect(upTo: limit)
    let form: MultipartForm
    do {
      form = try MultipartForm.parse(Array(body.readableBytesView), boundary: boundary)
    } catch {
      throw APIError.badRequest("The form cannot be read: \(error).")
    }
    guard let file = form.part("file"), !file.body.isEmpty else {
      throw APIError.badRequest("The 'file' field with the audio is missing or empty.", param: "file")
    }
    let pool = try engine.require(model: form.field("model"))
    let format = try Self.responseFormat(form.field("response_format"))
    let stream = try Self.stream(form.field("stream"), format)
    try Self.checkTemperature(form.field("temperature"))
    let wordTimes = try Self.wordTimestamps(
      form.parts.filter { $0.name.hasPrefix("timestamp_granularities") }.map(\.text), format)
    let dictation = try Self.dictationRequest(
      language: form.field("language"), prompt: form.field("prompt"), cleanup: form.field("cleanup"))
    let samples = try await withinTimeout { [uploads] in try await uploads.decode(file) }
    if stream {
      streaming = true
      return streamedTranscription(samples, request: dictation, pool: pool, place: place, onClose: onClose)
    }
    let pipeline = pipelineOnPool(pool)
    let started = clock.now()
    let outcome = try await withinTimeout {
      do {
        return try await pipeline.run(samples, request: dictation)
      } catch let error as CancellationError {
        throw error
      } catch {
        throw APIError(status: 500, message: "Transcription failed: \(error)", type: "server_error")
      }
    }
    metrics.dictation(audioSeconds: outcome.audioSeconds, workSeconds: clock.now() - started)
    let cues = outcome.cleanedSegments.map { TranscriptionFormat.Cue(start: $0.start, end: $0.end, text: $0.text) }
    var answer = TranscriptionFormat.Answer(
      text: outcome.text.trimmingCharacters(in: .whitespacesAndNewlines), language: outcome.language,
      duration: outcome.audioSeconds, cues: cues, engine: outcome.engine, model: outcome.model)
    if wordTimes {
      answer.words = TranscriptionFormat.words(of: outcome.segments, duration: outcome.audioSeconds)
    }
    var headers = HTTPFields()
    headers[.contentType] = format.contentType
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: format.body(answer))))
  }

  /// `POST /v1/format`: `{"text": …, "language"?: …}` → `{"text": cleaned, "raw_text": …}`, the clean-up (and the
  /// server's polish, when set) that a dictation's words get.
  private func format(_ request: Request) async throws -> FormatAnswer {
    let body: ByteBuffer
    do {
      body = try await request.body.collect(upTo: Self.maxFormatBytes)
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      throw APIError.tooLarge(limit: Self.maxFormatBytes, what: "The text")
    }
    let input: FormatInput
    do {
      input = try JSONDecoder().decode(FormatInput.self, from: Data(body.readableBytesView))
    } catch {
      throw APIError.badRequest("Send JSON with a 'text' field, e.g. {\"text\": \"um hello comma world\"}.")
    }
    let dictation = try Self.dictationRequest(language: input.language, prompt: nil, cleanup: nil)
    let formatter = pipeline.formatter
    let formatted = try await withinTimeout { await formatter.format(input.text, field: dictation.field) }
    return FormatAnswer(text: formatted.text.text, rawText: input.text)
  }

  /// The largest body `/v1/format` takes.
  static let maxFormatBytes = 1_000_000

  /// The pipeline reading with the pool.
  func pipelineOnPool(_ pool: EnginePool) -> DictationPipeline {
    var pipeline = pipeline
    pipeline.engines = .only(pool)
    return pipeline
  }

  static func responseFormat(_ value: String?) throws -> TranscriptionFormat {
    guard let value else { return .json }
    guard let format = TranscriptionFormat(rawValue: value) else {
      let known = TranscriptionFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError.badRequest(
        "response_format must be one of \(known), not '\(value.prefix(40))'.", param: "response_format")
    }
    return format
  }

  /// `stream`: `true` for server-sent events, which carry text: as at OpenAI, only with `json` or `text`.
  static func stream(_ value: String?, _ format: TranscriptionFormat) throws -> Bool {
    guard let value else { return false }
    switch value.lowercased() {
    case "false": return false
    case "true": break
    default:
      throw APIError.badRequest(
        "Invalid 'stream': expected true or false, not '\(value.prefix(20))'.", param: "stream", code: "invalid_type")
    }
    guard format == .json || format == .text else {
      throw APIError.badRequest(
        "response_format '\(format.rawValue)' is not compatible with stream=true. Use 'json' or 'text' instead.",
        param: "response_format", code: "unsupported_value")
    }
    return true
  }

  /// OpenAI takes a sampling temperature from 0 to 1 (the engine here always decodes greedily, as at 0).
  static func checkTemperature(_ value: String?) throws {
    guard let value else { return }
    guard let temperature = Double(value), temperature.isFinite else {
      throw APIError.badRequest(
        "Invalid 'temperature': expected a number from 0 to 1, not '\(value.prefix(20))'.", param: "temperature",
        code: "invalid_type")
    }
    guard temperature >= 0 else {
      throw APIError.badRequest(
        "Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got \(value) instead.",
        param: "temperature", code: "decimal_below_min_value")
    }
    guard temperature <= 1 else {
      throw APIError.badRequest(
        "Invalid 'temperature': decimal above maximum value. Expected a value <= 1, but got \(value) instead.",
        param: "temperature", code: "decimal_above_max_value")
    }
  }

  /// `timestamp_granularities[]`: whether `word` asks for the engine's words (before the clean-up) with their times,
  /// which only `verbose_json` has, as at OpenAI; `segment` is ignored by the other formats. Segments are always in
  /// `verbose_json` (OpenAI leaves them out when only words are asked for; its clients read them as optional).
  static func wordTimestamps(_ granularities: [String], _ format: TranscriptionFormat) throws -> Bool {
    for granularity in granularities where granularity != "segment" && granularity != "word" {
      throw APIError.badRequest(
        "timestamp_granularities must be 'segment' or 'word', not '\(granularity.prefix(20))'.",
        param: "timestamp_granularities", code: "unsupported_value")
    }
    let words = granularities.contains("word")
    guard !words || format == .verboseJSON else {
      throw APIError.badRequest(
        "timestamp_granularities[]=word needs response_format 'verbose_json'.", param: "timestamp_granularities")
    }
    return words
  }

  /// The dictation a request asks for: its language (an ISO 639-1 code), prompt and whether to clean up.
  static func dictationRequest(language: String?, prompt: String?, cleanup: String?) throws
    -> DictationPipeline.Request
  {
    if let language {
      guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        throw APIError.badRequest(
          "language must be an ISO 639-1 code such as 'en', not '\(language.prefix(20))'.", param: "language")
      }
      guard SpokenLanguage.codes.contains(language.lowercased()) else {
        throw APIError.badRequest(
          "Language '\(language)' is not supported: send the ISO 639-1 code of a language the engine reads, e.g. 'en'.",
          param: "language", code: "unsupported_language")
      }
    }
    var raw = false
    if let cleanup {
      switch cleanup.lowercased() {
      case "true", "1", "yes": raw = false
      case "false", "0", "no": raw = true
      default: throw APIError.badRequest("cleanup must be true or false.", param: "cleanup")
      }
    }
    let code = language?.lowercased()
    return DictationPipeline.Request(
      field: FieldContext(language: code), prompt: prompt.map { String($0.prefix(1000)) }, raw: raw)
  }
}
