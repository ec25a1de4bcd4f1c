import Foundation

/// An HTTP method: the two that Utter's clients send.
public enum HTTPMethod: String, Sendable, Hashable {
  case get = "GET"
  case post = "POST"
}

/// One HTTP request, as plain values.
public struct HTTPRequest: Sendable, Hashable {
  public var method: HTTPMethod
  public var url: URL
  /// Header fields; read them with `header(_:)` to compare names case-insensitively.
  public var headers: [String: String]
  public var body: Data
  /// The longest the whole exchange may take, in seconds.
  public var timeout: TimeInterval

  public init(
    method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: Data = Data(),
    timeout: TimeInterval = 30
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// The value of header `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// A POST of `value` encoded as JSON.
  public static func json<Body: Encodable>(
    _ value: Body, to url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30
  ) throws -> HTTPRequest {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var allHeaders = headers
    allHeaders["Content-Type"] = "application/json"
    return HTTPRequest(method: .post, url: url, headers: allHeaders, body: try encoder.encode(value), timeout: timeout)
  }
}
