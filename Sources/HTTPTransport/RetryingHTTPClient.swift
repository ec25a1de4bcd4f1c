/// Sends each request through `base`, trying again as `policy` says.
///
/// It returns the last response when attempts run out (a 429 stays a 429 for the caller to explain), and
/// stops at once when the task is cancelled.
public struct RetryingHTTPClient: HTTPClient {
  public let base: any HTTPClient
  public let policy: RetryPolicy

  public init(_ base: any HTTPClient, policy: RetryPolicy = RetryPolicy()) {
    self.base = base
    self.policy = policy
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let host = request.url.host ?? request.url.absoluteString
    var attempt = 1
    while true {
      if Task.isCancelled { throw HTTPTransportError(.cancelled, host: host) }
      let wait: Duration
      do {
        let response = try await base.send(request)
        guard let delay = policy.delay(afterAttempt: attempt, response: response) else { return response }
        wait = delay
      } catch let error as HTTPTransportError {
        guard let delay = policy.delay(afterAttempt: attempt, error: error) else { throw error }
        wait = delay
      }
      do {
        try await policy.clock.sleep(wait.seconds)
      } catch {
        throw HTTPTransportError(.cancelled, host: host)
      }
      attempt += 1
    }
  }
}
