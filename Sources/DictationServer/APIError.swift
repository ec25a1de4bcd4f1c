import Foundation
import HTTPTypes
import Hummingbird

/// An error answered in OpenAI's JSON shape, `{"error": {"message", "type", "param", "code"}}`, with its status: what
/// every endpoint answers for bad input, a missing token, a full queue or an engine still loading.
public struct APIError: Error, Sendable, Hashable {
  public var status: Int
  public var message: String
  public var type: String
  public var code: String?
  public var param: String?
  /// Seconds to wait before trying again (429, 503).
  public var retryAfter: Int?

  public init(
    status: Int, message: String, type: String = "invalid_request_error", code: String? = nil, param: String? = nil,
    retryAfter: Int? = nil
  ) {
    self.status = status
    self.message = message
    self.type = type
    self.code = code
    self.param = param
    self.retryAfter = retryAfter
  }

  /// 400: a parameter or the audio cannot be used.
  public static func badRequest(_ message: String, param: String? = nil, code: String? = nil) -> APIError {
    APIError(status: 400, message: message, code: code, param: param)
  }

  /// 401: no token, or one the server does not know.
  public static let unauthorized = APIError(
    status: 401, message: "Incorrect or missing API key: send 'Authorization: Bearer TOKEN'.",
    code: "invalid_api_key")

  /// 413: more than the server takes.
  public static func tooLarge(limit: Int) -> APIError {
    APIError(
      status: 413, message: "The upload is larger than this server's limit of \(limit / 1_000_000) MB.",
      code: "file_too_large")
  }

  /// 429: the queue is full.
  public static func busy(retryAfter: Int) -> APIError {
    APIError(
      status: 429, message: "The server is busy; try again in \(retryAfter) s.", type: "rate_limit_error",
      code: "queue_full", retryAfter: retryAfter)
  }

  /// 503: the engine is still loading, or could not load.
  public static func loading(retryAfter: Int) -> APIError {
    APIError(
      status: 503, message: "The speech engine is still loading; try again in \(retryAfter) s.", type: "server_error",
      code: "engine_loading", retryAfter: retryAfter)
  }

  /// 404: no such endpoint.
  public static func notFound(_ path: String) -> APIError {
    APIError(status: 404, message: "There is no endpoint \(path).", code: "unknown_url")
  }

  /// The body, as OpenAI's clients read it.
  var body: [String: [String: String?]] {
    ["error": ["message": message, "type": type, "param": param, "code": code]]
  }

  /// The HTTP response.
  func response() -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    if let retryAfter { headers[.retryAfter] = String(retryAfter) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(body)) ?? Data()
    return Response(
      status: HTTPResponse.Status(code: status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// Turns every failure of a route into OpenAI's error shape: `APIError`s as they are, Hummingbird's own (no route,
/// a body over the limit) by their status, anything else as a 500 that says nothing of the request.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  let maxUploadBytes: Int

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return error.response()
    } catch let error as any HTTPResponseError {
      switch error.status.code {
      case 404: return APIError.notFound(request.uri.path).response()
      case 413: return APIError.tooLarge(limit: maxUploadBytes).response()
      case 405:
        return APIError(status: 405, message: "\(request.method) is not allowed on \(request.uri.path).").response()
      default:
        return APIError(status: error.status.code, message: error.status.reasonPhrase, type: "invalid_request_error")
          .response()
      }
    } catch is CancellationError {
      return APIError(status: 504, message: "The request took too long.", type: "server_error", code: "timeout")
        .response()
    } catch {
      context.logger.error("request failed: \(type(of: error))")
      return APIError(status: 500, message: "The server failed to answer.", type: "server_error").response()
    }
  }
}
