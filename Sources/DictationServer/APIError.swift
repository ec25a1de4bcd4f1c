import Foundation
import HTTPTypes
import Hummingbird
import NIOHTTP1

/// An error answered in OpenAI's JSON shape, `{"error": {"message", "type", "param", "code"}}`, with its status: what
/// every endpoint answers for bad input, a missing token, a full queue or an engine still loading.
public struct APIError: Error, Sendable, Hashable {
  public var status: Int
  public var message: String
  public var type = "invalid_request_error"
  public var code: String?
  public var param: String?
  /// Seconds to wait before trying again (429, 503).
  public var retryAfter: Int?
  /// The methods a path takes (405's `Allow`).
  var allow: String?

  /// 400: a parameter or the audio cannot be used.
  public static func badRequest(_ message: String, param: String? = nil, code: String? = nil) -> APIError {
    APIError(status: 400, message: message, code: code, param: param)
  }

  /// 401: no token, or one the server does not know.
  public static let unauthorized = APIError(
    status: 401, message: "Incorrect or missing API key: send 'Authorization: Bearer TOKEN'.",
    code: "invalid_api_key")

  /// 413: more than the server takes (`what`: the upload, the text).
  public static func tooLarge(limit: Int, what: String = "The upload") -> APIError {
    APIError(
      status: 413, message: "\(what) is larger than this server's limit of \(limit / 1_000_000) MB.",
      code: "file_too_large")
  }

  /// 408: the body did not arrive within the server's body deadline.
  static func uploadTimeout(seconds: Double) -> APIError {
    APIError(
      status: 408, message: "The request's body did not arrive within \(Int(seconds)) s.", code: "request_timeout")
  }

  /// 400: the request's HTTP framing cannot be read (a chunk size that is not hexadecimal, a broken header).
  static func badFraming(_ error: HTTPParserError) -> APIError {
    let what =
      switch error {
      case .invalidChunkSize: "a chunk size is not a hexadecimal number"
      case .invalidEOFState: "the request ended in the middle"
      case .headerOverflow: "the headers are too large"
      default: "\(error)"
      }
    return APIError(status: 400, message: "The request is not valid HTTP/1.1: \(what).", code: "bad_request")
  }

  /// 499 (nginx's "client closed request"): the client left before its answer. Never sent; counted in the log and
  /// the metrics so a client that gives up is not the server's failure.
  static let clientClosed = APIError(
    status: 499, message: "The client closed the connection.", type: "invalid_request_error",
    code: "client_closed_request")

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
  var body: Body { Body(error: .init(message: message, type: type, param: param, code: code)) }

  /// OpenAI's error body: `param` and `code` are `null` when there is none, as OpenAI writes them.
  struct Body: Codable, Equatable {
    struct Detail: Codable, Equatable {
      var message: String
      var type: String
      @ExplicitNull var param: String?
      @ExplicitNull var code: String?
    }
    var error: Detail
  }

  /// The HTTP response.
  func response() -> Response {
    Response(
      status: HTTPResponse.Status(code: status), headers: responseHead(closing: false).headerFields,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bodyData)))
  }

  /// The response's head: status, JSON content type, `Retry-After`, and `Connection: close` when `closing`.
  func responseHead(closing: Bool) -> HTTPResponse {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    if let retryAfter { headers[.retryAfter] = String(retryAfter) }
    if let allow { headers[.allow] = allow }
    if closing {
      headers[.contentLength] = String(bodyData.count)
      headers[.connection] = "close"
    }
    return HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: headers)
  }

  /// The JSON body.
  var bodyData: Data {
    (try? ServerJSON.encoder().encode(body)) ?? Data()
  }
}

/// Turns every failure of a route into OpenAI's error shape: `APIError`s as they are, Hummingbird's own (no route,
/// a body over the limit) by their status, a wrong method as 405, broken framing as 400, a body past its deadline as
/// 408, a client that left as 499, anything else as a 500 that says nothing of the request.
struct APIErrorMiddleware: RouterMiddleware {
  typealias Context = ServerRequestContext
  let maxUploadBytes: Int
  let bodyTimeout: Double

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return error.response()
    } catch is ClientLeft {
      return APIError.clientClosed.response()
    } catch is UploadTimeout {
      return APIError.uploadTimeout(seconds: bodyTimeout).response()
    } catch let error as HTTPParserError {
      return (context.clientLeft ? APIError.clientClosed : APIError.badFraming(error)).response()
    } catch let error as any HTTPResponseError {
      switch error.status.code {
      case 404: return APIError.notFound(request.uri.path).response()
      case 413: return APIError.tooLarge(limit: maxUploadBytes).response()
      default:
        return APIError(status: error.status.code, message: error.status.reasonPhrase, type: "invalid_request_error")
          .response()
      }
    } catch is CancellationError {
      if context.clientLeft { return APIError.clientClosed.response() }
      return APIError(status: 504, message: "The request took too long.", type: "server_error", code: "timeout")
        .response()
    } catch {
      if context.clientLeft { return APIError.clientClosed.response() }
      context.logger.error("request failed: \(type(of: error))")
      return APIError(status: 500, message: "The server failed to answer.", type: "server_error").response()
    }
  }
}
