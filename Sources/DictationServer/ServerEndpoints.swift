import HTTPTypes
import Hummingbird
import NIOCore

/// The server's endpoints and the methods each takes: metrics and the log name requests by them (anything else is
/// "other", so a scan cannot grow the metrics without bound), and a known path asked with another method gets 405.
enum ServerEndpoints {
  static let methods: [String: [HTTPRequest.Method]] = [
    "/v1/audio/transcriptions": [.post], "/v1/format": [.post], "/v1/audio/live": [.get], "/v1/models": [.get],
    "/v1/models/{id}": [.get], "/health": [.get], "/ready": [.get], "/metrics": [.get],
  ]

  /// The endpoint `path` is asked of: itself, `/v1/models/{id}`, or "other".
  static func label(_ path: String) -> String {
    if methods[path] != nil { return path }
    if path.hasPrefix("/v1/models/"), path.count > "/v1/models/".count { return "/v1/models/{id}" }
    return "other"
  }

  /// The 405 for a known path asked with a method it does not take; nil for an unknown path.
  static func methodNotAllowed(_ request: Request) -> APIError? {
    guard let allowed = methods[label(request.uri.path)], !allowed.contains(request.method) else { return nil }
    let names = allowed.map(\.rawValue).joined(separator: ", ")
    var error = APIError(
      status: 405, message: "\(request.method) is not allowed on \(request.uri.path); use \(names).",
      code: "method_not_allowed")
    error.allow = names
    return error
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

  /// Whether the client closed the connection before its answer.
  var clientLeft: Bool { !channel.isActive }
}
