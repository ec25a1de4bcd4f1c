import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import SpeechEngine

/// Cloud speech engines from CloudSpeech, with keys from the Keychain.
enum CloudEngines {
  /// What Settings offers: CloudSpeech's engines that work without a custom server.
  static var choices: [EngineDescriptor] {
    CloudSpeechEngines.entries.filter { $0.baseURL != nil }.map(\.descriptor)
  }

  /// Builds cloud engine `id` (e.g. `openai`, `groq`, `deepgram`) with `model`.
  static func make(id: String, model: String, keys: any SecretStore) async throws -> any SpeechEngine {
    var registry = SpeechEngineRegistry()
    CloudSpeechEngines.register(into: &registry, keys: keys, http: URLSessionHTTPClient())
    return try await registry.makeEngine(id: id, model: model.isEmpty ? nil : model)
  }
}
