import Foundation
import HTTPTransport
import ProviderTestSupport
import TestSupport
import Testing

@Suite("The live HTTP client (AsyncHTTPClient on Linux, URLSession on Apple platforms) against a local server")
struct LiveHTTPClientTests {
  let client = LiveHTTPClient()

  @Test("sends method, headers and body, and returns status, headers and body")
  func roundTrip() async throws {
    try await FakeProviderServer.with({ request in
      guard request.method == "POST", request.path == "/echo", request.header("x-test") == "yes" else {
        return .badRequest("unexpected request \(request.method) \(request.target)")
      }
      return FakeReply(status: 201, headers: ["X-Reply": "ok"], body: request.body)
    }) { server in
      let response = try await client.send(
        HTTPRequest(method: .post, url: server.url("/echo"), headers: ["X-Test": "yes"], body: Data("hello".utf8)))
      #expect(response.status == 201)
      #expect(response.header("x-reply") == "ok")
      #expect(response.header("X-REPLY") == "ok")
      #expect(String(decoding: response.body, as: UTF8.self) == "hello")
    }
  }

  @Test("an error status is a response, not a thrown error")
  func errorStatusIsAResponse() async throws {
    try await FakeProviderServer.with({ _ in .json(#"{"error":{"message":"nope"}}"#, status: 500) }) { server in
      let response = try await client.send(HTTPRequest(url: server.url("/x")))
      #expect(response.status == 500)
      #expect(!response.isSuccess)
    }
  }

  @Test("a server slower than the timeout ends in a timed-out error, not in its late answer")
  func timeout() async throws {
    // The server answers only after the client has given up.
    let answer = Gate()
    try await FakeProviderServer.with({ _ in .json("{}", heldUntil: answer) }) { server in
      let error = await #expect(throws: HTTPTransportError.self) {
        _ = try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 0.3))
      }
      #expect(!answer.opened)
      answer.open()
      #expect(server.requests.count == 1)
      #expect(error?.kind == .timedOut)
      #expect(error?.description.contains("127.0.0.1 did not answer in time") == true)
    }
  }

  @Test("a closed port ends in a cannot-connect error")
  func connectionRefused() async throws {
    let server = try await FakeProviderServer.start { _ in .json("{}") }
    let url = server.url("/gone")
    await server.stop()
    let error = await #expect(throws: HTTPTransportError.self) {
      _ = try await client.send(HTTPRequest(url: url, timeout: 5))
    }
    #expect(error?.kind == .cannotConnect)
  }

  @Test("cancelling the task ends the request with a cancelled error")
  func cancellation() async throws {
    let answer = Gate()
    try await FakeProviderServer.with({ _ in .json("{}", heldUntil: answer) }) { server in
      let url = server.url("/slow")
      let task = Task { try await client.send(HTTPRequest(url: url, timeout: 120)) }
      // Cancelled while the server holds the request, however long the request took to get there.
      #expect(await server.received())
      task.cancel()
      let result = await task.result
      guard case .failure(let error) = result, let transport = error as? HTTPTransportError else {
        Issue.record("expected a transport error, got \(result)")
        return
      }
      #expect(transport.kind == .cancelled)
    }
  }
}
