/// Sends HTTP requests. Providers reach the network only through this.
public protocol HTTPClient: Sendable {
  /// Sends `request` and returns the response whatever its status; throws `HTTPTransportError` when no
  /// response arrives (timeout, no connection, cancellation).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
