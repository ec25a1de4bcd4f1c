import Foundation
import HTTPTransport
import ProviderTestSupport
import TestSupport
import Testing

/// A sleep that records each requested delay and returns at once.
func recordingPolicy(_ delays: Recorder<Duration>, maxAttempts: Int = 3, now: Date = Date()) -> RetryPolicy {
  RetryPolicy(
    maxAttempts: maxAttempts, baseDelay: .milliseconds(500), maxDelay: .seconds(8),
    clock: delays.clock(now: now), random: { 0.5 })
}

@Suite("Retrying with backoff")
struct RetryTests {
  @Test("429 with Retry-After seconds is retried after exactly that wait, then succeeds")
  func retryAfterSeconds() async throws {
    let delays = Recorder<Duration>()
    let count = Recorder<Int>()
    try await FakeProviderServer.with({ _ in
      count.record(1)
      return count.values.count == 1
        ? .json(#"{"error":{"message":"slow down"}}"#, status: 429, headers: ["Retry-After": "2"])
        : .json(#"{"ok":true}"#)
    }) { server in
      let client = RetryingHTTPClient(LiveHTTPClient(), policy: recordingPolicy(delays))
      let response = try await client.send(HTTPRequest(url: server.url("/limited")))
      #expect(response.status == 200)
      #expect(server.requests.count == 2)
      #expect(delays.values == [.seconds(2)])
    }
  }

  @Test("Retry-After as an HTTP date waits until that date")
  func retryAfterDate() throws {
    let now = try #require(RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:37 GMT"))
    let response = HTTPResponse(status: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:40 GMT"])
    #expect(RetryAfter.parse(response, now: now) == .seconds(3))
    let past = HTTPResponse(status: 503, headers: ["retry-after": "Sun, 06 Nov 1994 08:49:00 GMT"])
    #expect(RetryAfter.parse(past, now: now) == .zero)
    #expect(RetryAfter.parse(HTTPResponse(status: 429, headers: ["Retry-After": "soon"]), now: now) == nil)
    #expect(RetryAfter.parse(HTTPResponse(status: 429, headers: ["Retry-After": "inf"]), now: now) == nil)
    #expect(RetryAfter.parse(HTTPResponse(status: 429, headers: ["Retry-After": "-5"]), now: now) == nil)
    #expect(
      RetryAfter.parse(HTTPResponse(status: 429, headers: ["retry-after-ms": "250"]), now: now) == .milliseconds(250))
  }

  @Test("5xx answers back off exponentially with jitter and give up after the last attempt")
  func exponentialBackoff() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ _ in .json(#"{"error":{"message":"overloaded"}}"#, status: 503) }) { server in
      let client = RetryingHTTPClient(LiveHTTPClient(), policy: recordingPolicy(delays, maxAttempts: 4))
      let response = try await client.send(HTTPRequest(url: server.url("/down")))
      #expect(response.status == 503)
      #expect(server.requests.count == 4)
      // Steps of 0.5, 1 and 2 s; with jitter 0.5 each wait is three quarters of its step.
      #expect(delays.values == [.milliseconds(375), .milliseconds(750), .milliseconds(1500)])
    }
  }

  @Test("4xx other than 408 and 429 is not retried")
  func clientErrorsAreFinal() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ _ in .json(#"{"error":{"message":"bad key"}}"#, status: 401) }) { server in
      let client = RetryingHTTPClient(LiveHTTPClient(), policy: recordingPolicy(delays))
      let response = try await client.send(HTTPRequest(url: server.url("/auth")))
      #expect(response.status == 401)
      #expect(server.requests.count == 1)
      #expect(delays.values.isEmpty)
    }
  }

  @Test("a Retry-After longer than the policy allows is not waited for")
  func longRetryAfterGivesUp() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ _ in .json("{}", status: 429, headers: ["Retry-After": "3600"]) }) { server in
      let client = RetryingHTTPClient(LiveHTTPClient(), policy: recordingPolicy(delays))
      let response = try await client.send(HTTPRequest(url: server.url("/quota")))
      #expect(response.status == 429)
      #expect(server.requests.count == 1)
      #expect(delays.values.isEmpty)
    }
  }

  @Test("a refused connection is retried, then the error is thrown")
  func transportErrorsRetry() async throws {
    let delays = Recorder<Duration>()
    let server = try await FakeProviderServer.start { _ in .json("{}") }
    let url = server.url("/gone")
    await server.stop()
    let client = RetryingHTTPClient(LiveHTTPClient(), policy: recordingPolicy(delays, maxAttempts: 3))
    let error = await #expect(throws: HTTPTransportError.self) { _ = try await client.send(HTTPRequest(url: url)) }
    #expect(error?.kind == .cannotConnect)
    #expect(delays.values.count == 2)
  }

  @Test("cancellation during the wait stops retrying")
  func cancelledDuringBackoff() async throws {
    try await FakeProviderServer.with({ _ in .json("{}", status: 503) }) { server in
      let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(30))
      let client = RetryingHTTPClient(LiveHTTPClient(), policy: policy)
      let url = server.url("/down")
      let task = Task { try await client.send(HTTPRequest(url: url)) }
      // The first attempt has reached the server: from here the client is answering it or waiting to retry.
      #expect(await server.received())
      #expect(server.requests.count == 1)
      task.cancel()
      let result = await task.result
      guard case .failure(let error) = result else {
        Issue.record("expected cancellation, got \(result)")
        return
      }
      #expect((error as? HTTPTransportError)?.kind == .cancelled)
      #expect(server.requests.count == 1)
    }
  }
}
