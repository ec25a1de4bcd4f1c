import HTTPTypes
import Hummingbird
import Testing

@testable import DictationServer

@Suite("A realtime session's id")
struct RealtimeSessionIDTests {
  @Test("comes from the pipeline's injected id source, as a dictation's does, without the id's hyphens")
  func injected() async throws {
    let fixture = try await RouteFixture(makeID: { "0f3c-9a17" })
    defer { fixture.dir.remove() }
    var headers = HTTPFields()
    headers[.authorization] = "Bearer \(RouteFixture.token)"
    let query = Parameters()
    let settings = try fixture.server.realtimeRequest(path: ServerEndpoints.realtime, query: query, headers: headers)
    #expect(settings.id == "sess_0f3c9a17")
  }
}
