import CloudSpeech
import DictationValues
import Foundation
import HTTPTransport
import KeyStore
import LiveWire
import RemoteDictation
import SpeechEngine
import Testing

/// A live WebSocket played in memory: `ready` at once, a `live` message naming the samples received after each audio
/// frame, and `final` (raw words naming them too) after `stop`.
final class ScriptedSocket: LiveSocketConnection, @unchecked Sendable {
  private let lock = NSLock()
  private let inbound: AsyncStream<SocketFrame>
  private let sink: AsyncStream<SocketFrame>.Continuation
  private var samples = 0
  private(set) var closed = false

  init() {
    (inbound, sink) = AsyncStream.makeStream()
    sink.yield(.text(LiveMessage.ready(engine: "whisper", model: "base.en").json))
  }

  func send(_ frame: SocketFrame) async throws {
    switch frame {
    case .binary(let bytes):
      let total = lock.withLock {
        samples += bytes.count / 2
        return samples
      }
      sink.yield(.text(LiveMessage.live(LiveText(confirmed: "heard \(total)", revision: total)).json))
    case .text:
      let total = lock.withLock { samples }
      sink.yield(
        .text(
          LiveMessage.final(text: "Heard \(total).", rawText: "heard \(total)", language: "en", duration: 1).json))
    }
  }

  func receive() async throws -> SocketFrame? {
    var iterator = inbound.makeAsyncIterator()
    return await iterator.next()
  }

  func close() async {
    lock.withLock { closed = true }
    sink.finish()
  }
}

/// Opens `ScriptedSocket`s, or refuses every upgrade; records what was asked.
final class ScriptedSockets: LiveSocketTransport, @unchecked Sendable {
  private let lock = NSLock()
  private let refuse: Bool
  private var asked: [(url: URL, headers: [String: String])] = []

  init(refuse: Bool = false) { self.refuse = refuse }

  var opened: [(url: URL, headers: [String: String])] { lock.withLock { asked } }

  func open(_ url: URL, headers: [String: String]) async throws -> any LiveSocketConnection {
    lock.withLock { asked.append((url, headers)) }
    if refuse { throw LiveSocketError.notUpgraded }
    return ScriptedSocket()
  }
}

/// Answers every request with 404 (a server without the live endpoint).
struct NotFoundClient: HTTPClient {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(status: 404, body: Data(#"{"detail":"Not Found"}"#.utf8))
  }
}

@Suite("The user's own server as a streaming engine")
struct OwnServerEngineTests {
  func ownServer(_ sockets: ScriptedSockets, http: any HTTPClient = NotFoundClient()) async throws
    -> any StreamingSpeechEngine
  {
    var registry = SpeechEngineRegistry()
    CloudSpeechEngines.register(
      into: &registry, keys: InMemorySecretStore(["openai-compatible": "own-token"]), http: http,
      ownServer: { URL(string: "http://192.168.1.20:8080") }, liveSockets: sockets)
    let engine = try await registry.makeEngine(id: CloudSpeechEngines.ownServerID, model: "large-v3")
    return try #require(engine as? any StreamingSpeechEngine)
  }

  @Test("a dictation opens the live WebSocket with the key, language and dictionary, and asks for the raw words")
  func streamsWithTheUsersSettings() async throws {
    let sockets = ScriptedSockets()
    let engine = try await ownServer(sockets)
    #expect(engine.model == "large-v3")
    let stream = try await engine.openStream(
      options: TranscriptionOptions(language: "en", vocabulary: ["Siobhan", "Tailscale"]))
    let asked = try #require(sockets.opened.first)
    let query = URLComponents(url: asked.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    #expect(asked.url.absoluteString.hasPrefix("ws://192.168.1.20:8080/v1/audio/live?"))
    #expect(query.first { $0.name == "language" }?.value == "en")
    #expect(query.first { $0.name == "prompt" }?.value == "Siobhan, Tailscale.")
    #expect(query.first { $0.name == "cleanup" }?.value == "false")
    #expect(asked.headers["Authorization"] == "Bearer own-token")

    var updates = stream.updates.makeAsyncIterator()
    try await stream.send([Float](repeating: 0.1, count: 1_600))
    #expect(await updates.next() == LiveText(confirmed: "heard 1600", revision: 1600))
    try await stream.send([Float](repeating: 0.1, count: 800))
    #expect(await updates.next() == LiveText(confirmed: "heard 2400", revision: 2400))
    let transcript = try await stream.finish()
    #expect(transcript.text == "heard 2400", "the raw words: the phone cleans them up")
    #expect(transcript.language == "en")
    #expect(transcript.engine == "openai-compatible" && transcript.model == "large-v3")
  }

  @Test("a server without the live endpoint is asked once; later dictations go straight to uploads")
  func serverWithoutTheEndpointIsRemembered() async throws {
    let sockets = ScriptedSockets(refuse: true)
    let engine = try await ownServer(sockets)
    let first = await #expect(throws: RemoteDictationError.self) {
      _ = try await engine.openStream(options: TranscriptionOptions())
    }
    #expect(first?.kind == .notOffered)
    let second = await #expect(throws: RemoteDictationError.self) {
      _ = try await engine.openStream(options: TranscriptionOptions())
    }
    #expect(second?.kind == .notOffered)
    #expect(sockets.opened.count == 1)
  }

  @Test("without a WebSocket transport the own server is an upload engine only")
  func filesOnlyWithoutSockets() async throws {
    var registry = SpeechEngineRegistry()
    CloudSpeechEngines.register(
      into: &registry, keys: InMemorySecretStore(), http: NotFoundClient(),
      ownServer: { URL(string: "http://192.168.1.20:8080") })
    let engine = try await registry.makeEngine(id: CloudSpeechEngines.ownServerID)
    #expect(!(engine is any StreamingSpeechEngine))
  }
}
