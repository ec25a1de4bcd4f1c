import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import SpeechEngine

/// The cloud speech engines the CLI offers, with keys from the user's key file (0600) or the environment.
enum CloudEngineCatalog {
  static var descriptors: [EngineDescriptor] { CloudSpeechEngines.entries.map(\.descriptor) }

  /// The user's keys: the key file in the data folder, overridden by `OPENAI_API_KEY` and the like.
  static func keys(dataDirectory: URL) -> LayeredSecretStore {
    LayeredSecretStore(
      store: FileSecretStore(directory: dataDirectory), environment: ProcessInfo.processInfo.environment)
  }

  static func register(into registry: inout SpeechEngineRegistry, dataDirectory: URL, baseURL: URL?) {
    var overrides: [String: URL] = [:]
    if let baseURL { for entry in CloudSpeechEngines.entries { overrides[entry.descriptor.id] = baseURL } }
    CloudSpeechEngines.register(
      into: &registry, keys: keys(dataDirectory: dataDirectory), http: LiveHTTPClient(),
      baseURLOverrides: overrides)
  }
}
