import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import DictationServer

/// The OpenAPI document in the repository, as the tests read it.
private let documentFile = PackagePaths.file("Sources/DictationServer/openapi.json")

/// `/v1/models/{id}` and `/v1/models/{model}` name the same route.
private func pattern(_ path: String) -> String {
  path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
}

/// The server's published contract, `openapi.json`, against the server itself.
@Suite("utter serve's OpenAPI document")
struct OpenAPIDocumentTests {
  @Test("GET /openapi.json serves the repository's document byte for byte, as JSON, without a token")
  func servedAsKept() async throws {
    let kept = try Data(contentsOf: documentFile)
    try await RouteFixture().test { client in
      let served = try await client.execute(uri: "/openapi.json", method: .get)
      #expect(served.status == .ok)
      #expect(served.headers[.contentType] == "application/json")
      #expect(Data(served.body.readableBytesView) == kept)
    }
  }

  @Test("the document lists every route the server answers, with the methods each takes, and no other")
  func everyRouteDocumented() async throws {
    let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: documentFile))
    #expect(document.openapi == "3.1.0")
    let fixture = try await RouteFixture()
    defer { fixture.dir.remove() }
    let routes = fixture.server.addRoutes(to: Router(context: ServerRequestContext.self))
    let served = Set(
      routes.methods.flatMap { route in route.methods.map { "\($0.rawValue) \(pattern(route.path))" } })
    let documented = Set(
      document.paths.flatMap { path, operations in
        operations.keys.map { "\($0.uppercased()) \(pattern(path))" }
      })
    #expect(served.count >= 9)
    #expect(
      served == documented,
      "served, not documented: \(served.subtracting(documented)); documented, not served: \(documented.subtracting(served))"
    )
  }

  @Test("each refusal the routes answer is a status the document lists for that operation")
  func refusalsDocumented() async throws {
    let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: documentFile))
    var json = RouteFixture.authorized
    json[.contentType] = "application/json"
    let asked: [(method: HTTPRequest.Method, uri: String, path: String, headers: HTTPFields, body: String)] = [
      (.get, "/v1/models", "/v1/models", [:], ""),
      (.get, "/metrics", "/metrics", [:], ""),
      (.get, "/v1/models/nope", "/v1/models/{model}", RouteFixture.authorized, ""),
      (.get, "/v1/audio/live", "/v1/audio/live", RouteFixture.authorized, ""),
      (.get, "/v1/audio/live?language=xx1", "/v1/audio/live", RouteFixture.authorized, ""),
      (.post, "/v1/format", "/v1/format", json, "[]"),
      (.post, "/v1/audio/transcriptions", "/v1/audio/transcriptions", json, "{}"),
      (.post, "/v1/audio/transcriptions", "/v1/audio/transcriptions", RouteFixture.formHeaders, "--b--\r\n"),
    ]
    try await RouteFixture().test { client in
      for request in asked {
        let answer = try await client.execute(
          uri: request.uri, method: request.method, headers: request.headers, body: ByteBuffer(string: request.body))
        #expect(answer.status.code >= 400, "\(request.method) \(request.uri)")
        #expect(try openAIError(answer).message.isEmpty == false)
        let listed = document.paths[request.path]?[request.method.rawValue.lowercased()]?.responses.keys
        #expect(
          listed?.contains(String(answer.status.code)) == true,
          "\(request.method) \(request.uri) answered \(answer.status.code), listed: \(listed.map { Array($0) } ?? [])")
      }
    }
  }

  /// The parts of an OpenAPI document these tests read.
  struct Document: Decodable {
    var openapi: String
    var paths: [String: [String: Operation]]
  }

  struct Operation: Decodable {
    var responses: [String: Response]
    var security: [[String: [String]]]?
  }

  struct Response: Decodable {}
}
