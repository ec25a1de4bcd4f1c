import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import RemoteDictation
import SpeechEngine
import Storage
import WhisperEngine

/// The speech engines this machine offers, by id.
package enum EngineFactory {
  /// `baseURL` points every cloud engine elsewhere (`--base-url`); `ownServer` is the `engine-base-url` setting, for
  /// `openai-compatible`, which streams each dictation over the server's live WebSocket when it offers one.
  package static func registry(dataDirectory: URL, baseURL: URL? = nil, ownServer: URL? = nil) -> SpeechEngineRegistry {
    var registry = SpeechEngineRegistry()
    WhisperEngine.register(
      into: &registry, installation: EngineInstallation(directory: Locations.engineDirectory()),
      added: AddedWhisperModels(dataDirectory: dataDirectory))
    var overrides: [String: URL] = [:]
    if let baseURL { for entry in CloudSpeechEngines.entries { overrides[entry.descriptor.id] = baseURL } }
    CloudSpeechEngines.register(
      into: &registry, keys: keys(dataDirectory: dataDirectory), http: LiveHTTPClient(), baseURLOverrides: overrides,
      ownServer: { ownServer }, liveSockets: LiveSockets.live)
    return registry
  }

  /// The cloud engines' descriptors.
  package static var cloudDescriptors: [EngineDescriptor] { CloudSpeechEngines.entries.map(\.descriptor) }

  /// The user's keys: the key file in the data folder, overridden by `OPENAI_API_KEY` and the like.
  package static func keys(dataDirectory: URL) -> LayeredSecretStore {
    LayeredSecretStore(
      store: FileSecretStore(directory: dataDirectory), environment: ProcessInfo.processInfo.environment)
  }

  /// Creates engine `id` (default: the embedded Whisper engine) with `model`, as a one-line CLI error on failure.
  package static func make(id: String?, model: String?, dataDirectory: URL, baseURL: URL? = nil) async throws
    -> any SpeechEngine
  {
    do {
      return try await registry(dataDirectory: dataDirectory, baseURL: baseURL).makeEngine(
        id: id ?? "whisper", model: model)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError("\(error)")
    }
  }
}

extension EngineFactory {
  /// Creates an engine with keys from the default data folder.
  package static func make(id: String?, model: String?) async throws -> any SpeechEngine {
    try await make(id: id, model: model, dataDirectory: Locations.dataDirectory())
  }
}
