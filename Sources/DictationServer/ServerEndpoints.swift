import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Adds the server's routes to its router, remembering the methods each path takes, so that a path asked with another
/// method is answered 405 with `Allow` (Hummingbird's router answers 404 for it) and counted under its route.
struct ServerRoutes {
  let router: Router<ServerRequestContext>
  /// Each added path (a route pattern) with the methods it takes, in the order added.
  private(set) var methods: [(path: String, methods: [HTTPRequest.Method])] = []

  init(router: Router<ServerRequestContext>) {
    self.router = router
  }

  /// Adds `handler` for `method` on `path` (a route pattern such as `/v1/models/{id}`).
  mutating func add(
    _ path: String, _ method: HTTPRequest.Method,
    _ handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> some ResponseGenerator
  ) {
    router.on(RouterPath(path), method: method, use: handler)
    if let index = methods.firstIndex(where: { $0.path == path }) {
      methods[index].methods.append(method)
    } else {
      methods.append((path, [method]))
    }
  }

  /// Answers every other common method on each added path with 405 and the methods it takes.
  func refuseOtherMethods() {
    // NB: QUERY (the IETF's safe method with a body) too: a fuzzer of the OpenAPI document asks it, and a path it
    // names is not "not found".
    let query = HTTPRequest.Method("QUERY").map { [$0] } ?? []
    let common: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace] + query
    for (path, allowed) in methods {
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      for method in common where !allowed.contains(method) {
        router.on(RouterPath(path), method: method) { request, _ -> Response in
          var error = APIError(
            status: 405, message: "\(request.method) is not allowed on \(request.uri.path); use \(names).",
            code: "method_not_allowed")
          error.allow = names
          throw error
        }
      }
    }
  }
}

/// The name metrics and the log give a request: the route the router matched (`/v1/models/{id}`), else "NotFound",
/// so a scan cannot grow the metrics without bound.
enum ServerEndpoints {
  /// The live WebSocket's path, whose handshake is answered before the router.
  static let live = "/v1/audio/live"
  /// The Realtime transcription session's path (a WebSocket too).
  static let realtime = "/v1/realtime"

  /// The label of a request the router answered.
  static func label(_ context: ServerRequestContext) -> String {
    context.endpointPath ?? "NotFound"
  }

  /// The label of a WebSocket handshake refused before the router.
  static func handshakeLabel(_ path: String) -> String {
    path == live || path == realtime ? path : "NotFound"
  }
}

/// Hummingbird's request context, with the connection: a request whose client has gone is counted as an abort (499),
/// not as the server's failure.
struct ServerRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// JSON answers with sorted keys and slashes as they are.
  var responseEncoder: JSONEncoder { ServerJSON.encoder() }

  /// Whether the client closed the connection before its answer.
  var clientLeft: Bool { !channel.isActive }
}
