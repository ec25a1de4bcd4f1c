#if !os(Linux)
  import Foundation

  /// The live client on Apple platforms: URLSession (`AsyncHTTPClientTransport` takes its place on Linux).
  ///
  /// It keeps no cookies and no cache. The request's `timeout` bounds the whole exchange, not only the gaps
  /// between packets, and ends in `HTTPTransportError.timedOut`.
  public struct URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

    /// A client over an ephemeral session.
    public init() {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpCookieStorage = nil
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      self.init(session: URLSession(configuration: configuration))
    }

    /// A client over `session`.
    public init(session: URLSession) {
      self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      let host = request.url.host ?? request.url.absoluteString
      var urlRequest = URLRequest(
        url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
      urlRequest.httpMethod = request.method.rawValue
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      if !request.body.isEmpty || request.method != .get { urlRequest.httpBody = request.body }

      // NB: a continuation around `dataTask` rather than `data(for:)`, which swift-corelibs-foundation lacks
      // on some toolchains; one code path everywhere.
      let exchange = Exchange()
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
          let task = session.dataTask(with: urlRequest) { data, response, error in
            let outcome = Self.outcome(data: data, response: response, error: error, exchange: exchange, host: host)
            exchange.finish { continuation.resume(with: outcome) }
          }
          if let early = exchange.start(task) {
            let error = HTTPTransportError(early == .timedOut ? .timedOut : .cancelled, host: host)
            exchange.finish { continuation.resume(throwing: error) }
            return
          }
          DispatchQueue.global().asyncAfter(deadline: .now() + min(max(0.001, request.timeout), 86_400)) {
            exchange.timeOut()
          }
        }
      } onCancel: {
        exchange.cancel()
      }
    }

    private static func outcome(
      data: Data?, response: URLResponse?, error: (any Error)?, exchange: Exchange, host: String
    ) -> Result<HTTPResponse, any Error> {
      if let error {
        return .failure(transportError(error, exchange: exchange, host: host))
      }
      guard let http = response as? HTTPURLResponse else {
        return .failure(HTTPTransportError(.other, host: host, detail: "the answer was not HTTP"))
      }
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        headers[String(describing: name)] = String(describing: value)
      }
      return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    private static func transportError(_ error: any Error, exchange: Exchange, host: String) -> HTTPTransportError {
      let reason = exchange.endReason
      if reason == .timedOut { return HTTPTransportError(.timedOut, host: host) }
      if reason == .cancelled { return HTTPTransportError(.cancelled, host: host) }
      let nsError = error as NSError
      guard nsError.domain == NSURLErrorDomain else {
        return HTTPTransportError(.other, host: host, detail: nsError.localizedDescription)
      }
      switch nsError.code {
      case NSURLErrorTimedOut:
        return HTTPTransportError(.timedOut, host: host)
      case NSURLErrorCancelled:
        return HTTPTransportError(.cancelled, host: host)
      case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorNotConnectedToInternet,
        NSURLErrorDNSLookupFailed, NSURLErrorNetworkConnectionLost, NSURLErrorSecureConnectionFailed:
        return HTTPTransportError(.cannotConnect, host: host, detail: nsError.localizedDescription)
      default:
        return HTTPTransportError(.other, host: host, detail: nsError.localizedDescription)
      }
    }
  }

  /// One request's task and why it ended early, shared between the completion handler, the deadline timer
  /// and the cancellation handler.
  private final class Exchange: @unchecked Sendable {
    enum EndReason { case none, timedOut, cancelled }

    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var reason = EndReason.none
    private var finished = false

    var endReason: EndReason { lock.withLock { reason } }

    /// Starts `task`, unless the exchange already ended; then returns why.
    func start(_ task: URLSessionDataTask) -> EndReason? {
      let early: EndReason? = lock.withLock {
        self.task = task
        return reason == .none ? nil : reason
      }
      if early == nil { task.resume() }
      return early
    }

    func timeOut() { end(.timedOut) }
    func cancel() { end(.cancelled) }

    /// Runs `resume` once, however many times the task reports.
    func finish(_ resume: () -> Void) {
      let first = lock.withLock {
        defer { finished = true }
        return !finished
      }
      if first { resume() }
    }

    private func end(_ why: EndReason) {
      let task: URLSessionDataTask? = lock.withLock {
        guard reason == .none, !finished else { return nil }
        reason = why
        return self.task
      }
      task?.cancel()
    }
  }
#endif
