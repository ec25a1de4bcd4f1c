import Foundation
import HTTPTransport
import KeyStore
import RemoteDictation
import SpeechEngine

/// The cloud speech engines and their registration.
///
/// Ids: `openai`, `groq`, `mistral`, `deepgram`, `openai-compatible`. Keys come from the given store under the
/// same ids (`openai-compatible`'s key is optional). Every engine honours a base-URL override, so the same code
/// talks to a proxy, a self-hosted server or a test server.
public enum CloudSpeechEngines {
  /// What each engine is, with its default base URL (nil: the user must give one).
  public struct Entry: Sendable {
    public var descriptor: EngineDescriptor
    public var baseURL: URL?
    public var requiresKey: Bool
  }

  /// The engines, in the order they are offered.
  public static let entries: [Entry] = [
    entry(
      "openai", "OpenAI", ["gpt-4o-mini-transcribe", "gpt-4o-transcribe", "whisper-1"], "https://api.openai.com/v1"),
    entry(
      "groq", "Groq", ["whisper-large-v3-turbo", "whisper-large-v3", "distil-whisper-large-v3-en"],
      "https://api.groq.com/openai/v1"),
    entry("mistral", "Mistral", ["voxtral-mini-latest"], "https://api.mistral.ai/v1"),
    entry("deepgram", "Deepgram", ["nova-3", "nova-2"], "https://api.deepgram.com"),
    Entry(
      descriptor: EngineDescriptor(
        id: "openai-compatible", name: "OpenAI-compatible server", models: [], isOnDevice: false),
      baseURL: nil, requiresKey: false),
  ]

  /// The engines offered as they are (all but your own server, which Settings offers with its address).
  public static var offered: [EngineDescriptor] { entries.filter { $0.baseURL != nil }.map(\.descriptor) }

  /// The model `openai-compatible` uses when none is named.
  public static let compatibleDefaultModel = "whisper-1"

  /// Registers every cloud engine in `registry`.
  ///
  /// - Parameters:
  ///   - keys: where keys are looked up when an engine is created (a missing key fails creation with a line
  ///     saying how to set one).
  ///   - http: the client to send requests with; it is wrapped in `retryPolicy`.
  ///   - baseURLOverrides: base URLs by engine id, e.g. `["openai-compatible": http://localhost:8000/v1]`.
  ///   - requestTimeout: the longest one upload may take, in seconds.
  ///   - ownServer: the address of the user's own server as set when an engine is made (the `engine-base-url`
  ///     setting), for `openai-compatible` when no override names one.
  ///   - liveSockets: how the own server's live WebSocket is opened (`LiveSockets.live`); with one, `openai-compatible`
  ///     is an `OwnServerEngine` that streams each dictation when the server offers it. Nil: files only.
  public static func register(
    into registry: inout SpeechEngineRegistry, keys: any SecretStore, http: any HTTPClient,
    baseURLOverrides: [String: URL] = [:], retryPolicy: RetryPolicy = RetryPolicy(), requestTimeout: TimeInterval = 120,
    ownServer: @escaping @Sendable () -> URL? = { nil }, liveSockets: (any LiveSocketTransport)? = nil
  ) {
    let client = RetryingHTTPClient(http, policy: retryPolicy)
    for entry in entries {
      let override = baseURLOverrides[entry.descriptor.id]
      registry.register(entry.descriptor) { model in
        let isOwnServer = entry.descriptor.id == ownServerID
        let own = isOwnServer ? ownServer() : nil
        let engine = try makeEngine(
          entry, model: model, keys: keys, http: client, baseURL: override ?? own, requestTimeout: requestTimeout)
        guard isOwnServer, let liveSockets, let files = engine as? OpenAITranscriptionEngine else { return engine }
        let connection = files.connection
        let server = RemoteServer(baseURL: connection.baseURL, model: model, token: connection.apiKey)
        return OwnServerEngine(files: files, server: server, sockets: liveSockets, http: http)
      }
    }
  }

  /// The engine that reads with the user's own server.
  public static let ownServerID = "openai-compatible"

  static func makeEngine(
    _ entry: Entry, model: String?, keys: any SecretStore, http: any HTTPClient, baseURL override: URL?,
    requestTimeout: TimeInterval
  ) throws -> any SpeechEngine {
    let descriptor = entry.descriptor
    guard let baseURL = override ?? entry.baseURL else {
      throw SpeechEngineError("\(descriptor.id) needs a base URL, e.g. --base-url http://localhost:8000/v1")
    }
    let key: String?
    do {
      key = try keys.get(descriptor.id)
    } catch {
      throw SpeechEngineError("cannot read keys: \(error)")
    }
    if entry.requiresKey && key == nil {
      throw SpeechEngineError(
        ProviderError.missingKey(
          provider: descriptor.name, id: descriptor.id,
          environmentVariable: EnvironmentKeys.variable(for: descriptor.id)
        ).message)
    }
    func connection(_ baseURL: URL) -> ProviderConnection {
      ProviderConnection(
        id: descriptor.id, displayName: descriptor.name, baseURL: baseURL, apiKey: key,
        model: model ?? descriptor.models.first ?? compatibleDefaultModel, http: http)
    }
    switch descriptor.id {
    case "mistral":
      return OpenAITranscriptionEngine(
        connection(APIBaseURL.withVersion(baseURL)), fields: .mistral, requestTimeout: requestTimeout)
    case "deepgram":
      return DeepgramTranscriptionEngine(
        connection(APIBaseURL.withoutVersion(baseURL)), requestTimeout: requestTimeout)
    default:
      return OpenAITranscriptionEngine(connection(APIBaseURL.withVersion(baseURL)), requestTimeout: requestTimeout)
    }
  }

  private static func entry(_ id: String, _ name: String, _ models: [String], _ base: String) -> Entry {
    Entry(
      descriptor: EngineDescriptor(id: id, name: name, models: models, isOnDevice: false),
      baseURL: URL(string: base), requiresKey: true)
  }
}
