import Clocks
import Dictation
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import SpeechEngine

/// `utter serve`: an OpenAI-compatible server that runs the same dictation pipeline as `utter transcribe` and `utter
/// host` (the same engine choice, the user's dictionary, clean-up and polish), for phones and apps that dictate
/// through a machine of their own.
///
/// Endpoints: `POST /v1/audio/transcriptions` (OpenAI's, multipart), `POST /v1/format` (the clean-up alone),
/// `GET /v1/audio/live` (a WebSocket: PCM in, live text and the final text out), `GET /v1/realtime` (OpenAI's Realtime
/// transcription session, a WebSocket), `GET /v1/models`, `GET /metrics`
/// (Prometheus), and without a token `GET /health`, `GET /ready` and `GET /openapi.json` (the contract: `openapi.json`
/// here). It keeps nothing between requests (no history), so any number of servers behind a load balancer serve the
/// same clients.
public struct DictationServer: Sendable {
  let configuration: ServerConfiguration
  let pipeline: DictationPipeline
  /// One engine maker per served model, the default first.
  let makeEngines: [@Sendable () async throws -> any SpeechEngine]
  let tokens: TokenFileCache
  let logger: Logger
  let engine = ServerEngine()
  let admission: Admission
  let metrics = ServerMetrics()
  /// Uploads decoded off the request handlers, bounded in number and length.
  let uploads: UploadDecoding
  /// The one clock: request timeouts and the work a dictation took (the pipeline's).
  var clock: UtterClock { pipeline.clock }

  /// A server running `pipeline` with one model (its engine loading replaced by a pool of `configuration.workers`
  /// engines made by `makeEngine`), accepting `tokens`.
  public init(
    configuration: ServerConfiguration, pipeline: DictationPipeline,
    makeEngine: @escaping @Sendable () async throws -> any SpeechEngine, tokens: ServerTokens, logger: Logger
  ) {
    self.init(
      configuration: configuration, pipeline: pipeline, makeEngines: [makeEngine], tokens: tokens, logger: logger)
  }

  /// A server running `pipeline` with a pool of `configuration.workers` engines per model, made by `makeEngines` (the
  /// first is the default model; a request's `model` picks another), accepting `tokens`.
  public init(
    configuration: ServerConfiguration, pipeline: DictationPipeline,
    makeEngines: [@Sendable () async throws -> any SpeechEngine], tokens: ServerTokens, logger: Logger
  ) {
    self.configuration = configuration
    var pipeline = pipeline
    pipeline.archive = nil  // NB: a server keeps nothing between requests.
    self.pipeline = pipeline
    self.makeEngines = makeEngines
    self.tokens = TokenFileCache(tokens)
    self.logger = logger
    admission = Admission(capacity: configuration.workers + configuration.queueLength)
    uploads = UploadDecoding(configuration: configuration)
  }

  /// Serves until SIGTERM or SIGINT, then stops taking connections and finishes the requests in flight.
  /// `onListening` is told the port once the server listens (before the engine is ready: `/ready` says when).
  public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
    let app = buildApplication(onListening: onListening)
    try await serveWhileLoading { try await app.runService() }
    logger.notice("stopped")
  }

  /// The routes behind their middleware (the request log and metrics, OpenAI's error shape, the bearer token), as
  /// Hummingbird's examples build a router.
  func buildRouter() -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self)
    router.middlewares.add(RequestLogMiddleware(metrics: metrics, logger: logger, clock: clock))
    router.middlewares.add(
      APIErrorMiddleware(maxUploadBytes: configuration.maxUploadBytes, bodyTimeout: configuration.bodyTimeout))
    router.middlewares.add(BearerTokenMiddleware(tokens: tokens, open: ["/health", "/ready", OpenAPIDocument.path]))
    addRoutes(to: router)
    return router
  }

  /// The router on the guarded HTTP/1 server with the live WebSocket, at the configured address; `onListening` is
  /// told the port once it listens. The engine is loaded apart (`serveWhileLoading`).
  func buildApplication(onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
    let listening = logger
    let configuration = configuration
    let limits = ConnectionLimits(perAddress: configuration.maxConnectionsPerAddress)
    return Application(
      router: buildRouter(), server: guardedServer(limits: limits),
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port), serverName: "utter",
        availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)),
      onServerRunning: { channel in
        // NB: Hummingbird sets up the listening channel itself; the accept order is watched from here, before the
        // port is told to anyone (a connection accepted earlier is counted in its own setup).
        try? await channel.pipeline.addHandler(AcceptOrder(limits: limits), position: .first).get()
        let port = channel.localAddress?.port ?? configuration.port
        listening.notice("listening on http://\(configuration.host):\(port)")
        onListening(port)
      },
      logger: Self.frameworkLogger(from: logger))
  }

  /// HTTP/1 with the live WebSocket, every connection under `GuardedChannel`'s deadlines and caps, pings on live
  /// WebSockets.
  private func guardedServer(limits: ConnectionLimits) -> HTTPServerBuilder {
    let configuration = configuration
    let upgrade = webSocketUpgrade
    return HTTPServerBuilder { responder in
      GuardedChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          configuration: .init(
            http1: .init(
              additionalChannelHandlers: [RequestGuard(bodyTimeout: .seconds(configuration.bodyTimeout))],
              idleTimeout: .seconds(configuration.idleTimeout)),
            ws: .init(
              maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(configuration.liveIdleTimeout / 2)),
              closeTimeout: .seconds(min(5, configuration.liveIdleTimeout)))),
          shouldUpgrade: upgrade),
        limits: limits, headerTimeout: .seconds(configuration.headerTimeout))
    }
  }

  /// The WebSocket a handshake asks for: a Realtime transcription session on its path, else the live dictation (which
  /// refuses any other path).
  private func webSocketUpgrade(_ head: HTTPRequest, channel: any Channel, logger: Logger) -> ShouldUpgradeResult<
    WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
  > {
    if URI(head.path ?? "/").path == ServerEndpoints.realtime { return realtimeUpgrade(head, channel: channel) }
    return liveUpgrade(head, channel: channel, logger: logger)
  }

  /// Hummingbird's own log: warnings only (its debug lines name paths, never bodies, but are noise).
  private static func frameworkLogger(from logger: Logger) -> Logger {
    var framework = logger
    framework.logLevel = max(logger.logLevel, .warning)
    return framework
  }

  /// Runs `body` within the request timeout; past it the work is cancelled (the engine stops) and the client gets 504.
  func withinTimeout<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let timeout = configuration.requestTimeout
    let clock = clock
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await clock.sleep(timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let value = first else {
        throw APIError(
          status: 504, message: "The request took longer than \(Int(timeout)) s.", type: "server_error",
          code: "timeout")
      }
      return value
    }
  }
}

/// Refuses every request without a known bearer token, but for the open paths (health and readiness).
struct BearerTokenMiddleware: RouterMiddleware {
  typealias Context = ServerRequestContext
  let tokens: TokenFileCache
  let open: Set<String>

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard open.contains(request.uri.path) || BearerToken.accepted(request.headers, tokens: tokens) else {
      throw APIError.unauthorized
    }
    return try await next(request, context)
  }
}

/// Reads `Authorization: Bearer TOKEN`.
enum BearerToken {
  static func accepted(_ headers: HTTPFields, tokens: TokenFileCache) -> Bool {
    guard let value = headers[.authorization], value.count > 7, value.prefix(7).lowercased() == "bearer " else {
      return false
    }
    return tokens.accepts(value.dropFirst(7).trimmingCharacters(in: .whitespaces))
  }
}

/// One log line per request (method, endpoint, status, time; never a body, a header or a query) and its metrics; a
/// request whose client left before its answer is counted as 499.
struct RequestLogMiddleware: RouterMiddleware {
  typealias Context = ServerRequestContext
  let metrics: ServerMetrics
  let logger: Logger
  let clock: UtterClock

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let started = clock.now()
    let response = try await next(request, context)
    let status = context.clientLeft ? APIError.clientClosed.status : response.status.code
    logRequest(
      method: request.method, endpoint: ServerEndpoints.label(context), status: status, seconds: clock.now() - started,
      metrics: metrics, logger: logger)
    return response
  }
}

/// Logs and counts one answered request (the probes, `/health` `/ready` `/metrics`, are counted, not logged).
func logRequest(
  method: HTTPRequest.Method, endpoint: String, status: Int, seconds: Double, metrics: ServerMetrics, logger: Logger
) {
  metrics.request(endpoint: endpoint, status: status, seconds: seconds)
  if endpoint != "/health", endpoint != "/ready", endpoint != "/metrics" {
    logger.info("\(method) \(endpoint) \(status) \(String(format: "%.0f", seconds * 1000)) ms")
  }
}
