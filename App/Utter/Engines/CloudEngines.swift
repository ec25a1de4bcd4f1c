import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import SpeechEngine

/// Cloud speech engines from CloudSpeech, with keys from the Keychain.
enum CloudEngines {
  /// Builds cloud engine `id` (e.g. `openai`, `groq`, `deepgram`) with `model`.
  static func make(id: String, model: String, keys: any SecretStore) throws -> any SpeechEngine {
    try CloudSpeechEngines.make(id: id, model: model, keys: keys, http: URLSessionHTTPClient())
  }
}
