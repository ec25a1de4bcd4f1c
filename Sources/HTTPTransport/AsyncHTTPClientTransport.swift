#if os(Linux)
  import AsyncHTTPClient
  import Foundation
  import NIOCore
  import NIOHTTP1
  import NIOPosix

  /// The live client on Linux: swift-server's AsyncHTTPClient on SwiftNIO's event loops.
  ///
  /// NB: Foundation's URLSession on Linux polls while it waits (a 60 s unanswered request used 45 s of CPU);
  /// an event loop sleeps in epoll. Like `URLSessionHTTPClient` it keeps no cookies and no cache, follows
  /// redirects, and the request's `timeout` bounds the whole exchange, body included.
  public struct AsyncHTTPClientTransport: HTTPClient {
    /// The largest response body read; a provider's answer is a few kilobytes.
    public static let maximumBodyBytes = 64 * 1024 * 1024

    private let client: AsyncHTTPClient.HTTPClient

    /// A client over the process-wide connection pool.
    public init() {
      client = Self.shared
    }

    /// One pool for the process, never shut down. A refused connection fails at once instead of being retried
    /// until the deadline, as URLSession does.
    private static let shared: AsyncHTTPClient.HTTPClient = {
      var configuration = AsyncHTTPClient.HTTPClient.Configuration()
      configuration.connectionPool.retryConnectionEstablishment = false
      configuration.redirectConfiguration = .follow(max: 10, allowCycles: false)
      configuration.decompression = .disabled
      return AsyncHTTPClient.HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      let host = request.url.host ?? request.url.absoluteString
      let seconds = min(max(0.001, request.timeout), 86_400)
      let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
      do {
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
          group.addTask { try await exchange(request, deadline: deadline) }
          group.addTask {
            try await Task.sleep(for: .nanoseconds(Int64(seconds * 1e9)))
            throw HTTPTransportError(.timedOut, host: host)
          }
          defer { group.cancelAll() }
          guard let response = try await group.next() else { throw HTTPTransportError(.cancelled, host: host) }
          return response
        }
      } catch let error as HTTPTransportError {
        throw error
      } catch {
        throw Self.transportError(error, host: host, cancelled: Task.isCancelled)
      }
    }

    private func exchange(_ request: HTTPRequest, deadline: NIODeadline) async throws -> HTTPResponse {
      var outgoing = HTTPClientRequest(url: request.url.absoluteString)
      outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
      for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
      if !request.body.isEmpty || request.method != .get {
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
      }
      let response = try await client.execute(outgoing, deadline: deadline)
      var body = try await response.body.collect(upTo: Self.maximumBodyBytes)
      var headers: [String: String] = [:]
      for (name, value) in response.headers {
        let key = name.lowercased()
        headers[key] = headers[key].map { "\($0), \(value)" } ?? value
      }
      let bytes = body.readBytes(length: body.readableBytes) ?? []
      return HTTPResponse(status: Int(response.status.code), headers: headers, body: Data(bytes))
    }

    /// Our kind of failure for what AsyncHTTPClient or SwiftNIO threw.
    static func transportError(_ error: any Error, host: String, cancelled: Bool) -> HTTPTransportError {
      if cancelled || error is CancellationError { return HTTPTransportError(.cancelled, host: host) }
      if let error = error as? HTTPClientError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
          return HTTPTransportError(.timedOut, host: host)
        case .cancelled:
          return HTTPTransportError(.cancelled, host: host)
        case .remoteConnectionClosed:
          return HTTPTransportError(.cannotConnect, host: host, detail: "the connection was closed")
        default:
          return HTTPTransportError(.other, host: host, detail: "\(error)")
        }
      }
      if let error = error as? ChannelError, case .connectTimeout = error {
        return HTTPTransportError(.timedOut, host: host)
      }
      if let error = error as? NIOConnectionError {
        let reason = error.connectionErrors.first.map { "\($0.error)" } ?? "no address for the host"
        return HTTPTransportError(.cannotConnect, host: host, detail: reason)
      }
      if let error = error as? IOError {
        return HTTPTransportError(.cannotConnect, host: host, detail: error.description)
      }
      return HTTPTransportError(.other, host: host, detail: "\(error)")
    }
  }
#endif
