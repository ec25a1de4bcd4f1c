import Dictation
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// An engine that reads every recording as the same words.
struct FixedEngine: SpeechEngine {
  let id = "fixed"
  let model = "fixed-model"

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    Transcript(text: "hello world", segments: [], language: "en", engine: id, model: model)
  }
}

/// A server as `utter serve` builds it (its router on its guarded HTTP/1 server), its engine loaded, tested over
/// loopback with Hummingbird's testing client.
struct RouteFixture {
  static let token = "route-test-token"
  let server: DictationServer
  let dir: TemporaryDirectory

  init(
    maxUploadBytes: Int = 4_000, queue: Int = 1, requestTimeout: Double = 30,
    engine: any SpeechEngine = FixedEngine(), more: [any SpeechEngine] = [],
    makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) async throws {
    dir = try TemporaryDirectory("server-routes")
    var configuration = ServerConfiguration(
      host: "127.0.0.1", port: 0, workers: 1, queueLength: queue, maxUploadBytes: maxUploadBytes,
      requestTimeout: requestTimeout, idleTimeout: 30)
    configuration.uploadFolder = dir.url
    let settings = DictationSettings()
    let noPolish = PolishProviders { _, _, _ in throw CancellationError() }
    let pipeline = DictationPipeline(
      engines: .only(engine),
      formatter: DictationFormatter(settings: settings, providers: noPolish, polishProvider: "none"), archive: nil,
      makeID: makeID)
    var logger = Logger(label: "utter.serve.test")
    logger.logLevel = .critical
    server = DictationServer(
      configuration: configuration, pipeline: pipeline, makeEngine: { engine },
      tokens: ServerTokens(
        dataDirectory: dir.path("data"), environment: [ServerTokens.environmentVariable: Self.token]),
      logger: logger)
    let makers: [@Sendable () async throws -> any SpeechEngine] = ([engine] + more).map { one in { one } }
    let failure = await server.engine.load(
      workers: 1, threadsPerCall: 1, makeEngines: makers, observe: { _, _ in }, clock: .system, logger: logger)
    #expect(failure == nil)
  }

  /// Runs `body` against the application, on a real socket.
  func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    defer { dir.remove() }
    try await server.buildApplication().test(.live, body)
  }

  static var authorized: HTTPFields { [.authorization: "Bearer \(token)"] }

  /// `authorized` with a multipart content type whose boundary is `b` (`form`'s).
  static var formHeaders: HTTPFields {
    var headers = authorized
    headers[.contentType] = "multipart/form-data; boundary=b"
    return headers
  }

  /// A multipart body (boundary `b`) with `file` as `a.wav` and `fields`.
  static func form(file: Data, fields: [(String, String)]) -> ByteBuffer {
    var body = ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\n\r\n")
    body.writeBytes(file)
    for (name, value) in fields {
      body.writeString("\r\n--b\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)")
    }
    body.writeString("\r\n--b--\r\n")
    return body
  }
}

/// OpenAI's error body.
func openAIError(_ response: TestResponse) throws -> APIError.Body.Detail {
  try JSONDecoder().decode(APIError.Body.self, from: Data(response.body.readableBytesView)).error
}
