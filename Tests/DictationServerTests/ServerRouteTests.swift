import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import DictationServer

/// Every refusal `utter serve` answers, on its routes in process, in OpenAI's error shape.
@Suite("utter serve's routes")
struct ServerRouteTests {
  @Test("a request without a token is 401; /health answers without one")
  func unauthorized() async throws {
    try await RouteFixture().test { client in
      let refused = try await client.execute(uri: "/v1/models", method: .get)
      #expect(refused.status == .unauthorized)
      #expect(try openAIError(refused).code == "invalid_api_key")
      let health = try await client.execute(uri: "/health", method: .get)
      #expect(health.status == .ok)
      #expect(
        try JSONDecoder().decode([String: String].self, from: Data(health.body.readableBytesView)) == ["status": "ok"])
    }
  }

  @Test("an unknown path is 404 in OpenAI's shape, counted as NotFound, never under its own path")
  func notFound() async throws {
    try await RouteFixture().test { client in
      let missing = try await client.execute(uri: "/v1/nothing-here", method: .get, headers: RouteFixture.authorized)
      #expect(missing.status == .notFound)
      #expect(try openAIError(missing).code == "unknown_url")
      let metrics = try await client.execute(uri: "/metrics", method: .get, headers: RouteFixture.authorized)
      let text = String(buffer: metrics.body)
      #expect(text.contains(#"utter_http_requests_total{endpoint="NotFound",status="404"} 1"#))
      #expect(!text.contains("nothing-here"))
    }
  }

  @Test("a known path asked with another method (QUERY too) is 405 with Allow, counted under its route")
  func wrongMethod() async throws {
    try await RouteFixture().test { client in
      let get = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .get, headers: RouteFixture.authorized)
      #expect(get.status == .methodNotAllowed)
      #expect(get.headers[.allow] == "POST")
      #expect(try openAIError(get).message.contains("use POST"))
      let delete = try await client.execute(uri: "/v1/models/x", method: .delete, headers: RouteFixture.authorized)
      #expect(delete.status == .methodNotAllowed)
      #expect(delete.headers[.allow] == "GET")
      let query = try await client.execute(
        uri: "/v1/format", method: HTTPRequest.Method("QUERY")!, headers: RouteFixture.authorized)
      #expect(query.status == .methodNotAllowed)
      #expect(query.headers[.allow] == "POST")
      let metrics = String(
        buffer: try await client.execute(uri: "/metrics", method: .get, headers: RouteFixture.authorized).body)
      #expect(metrics.contains(#"utter_http_requests_total{endpoint="/v1/audio/transcriptions",status="405"} 1"#))
      #expect(metrics.contains(#"utter_http_requests_total{endpoint="/v1/models/{id}",status="405"} 1"#))
    }
  }

  @Test("a plain GET of the live path is 426 Upgrade Required; without a token it is 401")
  func liveNeedsUpgrade() async throws {
    try await RouteFixture().test { client in
      let plain = try await client.execute(uri: "/v1/audio/live", method: .get, headers: RouteFixture.authorized)
      #expect(plain.status == .upgradeRequired)
      #expect(try openAIError(plain).code == "upgrade_required")
      let anonymous = try await client.execute(uri: "/v1/audio/live", method: .get)
      #expect(anonymous.status == .unauthorized)
    }
  }

  @Test("bad uploads are 400 naming the field: not a form, no file, a temperature out of range")
  func badRequests() async throws {
    try await RouteFixture().test { client in
      var json = RouteFixture.authorized
      json[.contentType] = "application/json"
      let notForm = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: json, body: ByteBuffer(string: "{}"))
      #expect(notForm.status == .badRequest)
      #expect(try openAIError(notForm).message.contains("multipart/form-data"))
      var form = RouteFixture.authorized
      form[.contentType] = "multipart/form-data; boundary=b"
      let noFile = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: form,
        body: ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n--b--\r\n"))
      #expect(noFile.status == .badRequest)
      #expect(try openAIError(noFile).param == "file")
      let hot = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: form,
        body: ByteBuffer(
          string: "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\n\r\nRIFF\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"temperature\"\r\n\r\n5\r\n--b--\r\n"))
      #expect(hot.status == .badRequest)
      #expect(try openAIError(hot).code == "decimal_above_max_value")
      let badJSON = try await client.execute(
        uri: "/v1/format", method: .post, headers: json, body: ByteBuffer(string: "not json"))
      #expect(badJSON.status == .badRequest)
    }
  }

  @Test("an upload over the limit is 413 naming the limit, before the engine sees it")
  func tooLarge() async throws {
    try await RouteFixture(maxUploadBytes: 2_000_000).test { client in
      var form = RouteFixture.authorized
      form[.contentType] = "multipart/form-data; boundary=b"
      let big = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: form,
        body: ByteBuffer(repeating: UInt8(ascii: "a"), count: 2_000_001))
      #expect(big.status == .contentTooLarge)
      #expect(try openAIError(big).message.contains("limit of 2 MB"))
      #expect(try openAIError(big).code == "file_too_large")
    }
  }

  @Test("with every place taken, a request is 429 with Retry-After, and served again once a place is free")
  func busy() async throws {
    let fixture = try await RouteFixture(queue: 1)
    try await fixture.test { client in
      let places = fixture.server.admission.capacity
      #expect(places == 2)
      for _ in 0..<places { #expect(fixture.server.admission.enter()) }
      var json = RouteFixture.authorized
      json[.contentType] = "application/json"
      let body = ByteBuffer(string: #"{"text": "um hello world"}"#)
      let refused = try await client.execute(uri: "/v1/format", method: .post, headers: json, body: body)
      #expect(refused.status == .tooManyRequests)
      #expect(refused.headers[.retryAfter] == "1")
      #expect(try openAIError(refused).code == "queue_full")
      fixture.server.admission.leave()
      let served = try await client.execute(uri: "/v1/format", method: .post, headers: json, body: body)
      #expect(served.status == .ok)
      let answer = try JSONDecoder().decode([String: String].self, from: Data(served.body.readableBytesView))
      #expect(answer["raw_text"] == "um hello world")
      #expect(answer["text"] == "Hello world.")
    }
  }

  @Test("the model routes answer OpenAI's typed objects; an unknown model id is 404 model_not_found")
  func models() async throws {
    try await RouteFixture().test { client in
      let list = try await client.execute(uri: "/v1/models", method: .get, headers: RouteFixture.authorized)
      #expect(list.status == .ok)
      let text = String(buffer: list.body)
      #expect(
        text.hasPrefix(#"{"data":[{"created":"#)
          && text.hasSuffix(
            #","engine":"fixed","id":"fixed-model","object":"model","owned_by":"utter"}],"object":"list"}"#)
      )
      let one = try await client.execute(uri: "/v1/models/fixed-model", method: .get, headers: RouteFixture.authorized)
      #expect(one.status == .ok)
      let other = try await client.execute(uri: "/v1/models/whisper-1", method: .get, headers: RouteFixture.authorized)
      #expect(other.status == .notFound)
      #expect(try openAIError(other).code == "model_not_found")
      let metrics = String(
        buffer: try await client.execute(uri: "/metrics", method: .get, headers: RouteFixture.authorized).body)
      #expect(metrics.contains(#"utter_http_requests_total{endpoint="/v1/models/{id}",status="200"} 1"#))
      #expect(metrics.contains(#"utter_http_requests_total{endpoint="/v1/models/{id}",status="404"} 1"#))
    }
  }
}
