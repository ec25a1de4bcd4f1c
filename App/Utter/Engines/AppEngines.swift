import CloudSpeech
import Dictation
import Foundation
import HTTPTransport
import KeyStore
import ModelInstallation
import RemoteDictation
import SpeechEngine

/// The engines this iPhone offers, registered once on the app's shelf: WhisperKit's models, Apple's transcriber
/// (iOS 26) and the cloud engines with the Keychain's keys.
enum AppEngines {
  static func shelf(
    models: ModelStore, keys: any SecretStore, language: @escaping @Sendable () async -> String?,
    ownServer: @escaping @Sendable () -> String
  ) -> EngineShelf {
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(
        id: EngineChoice.whisperID, name: "Whisper", models: WhisperModelChoice.all.map(\.id), isOnDevice: true),
      models: WhisperModelChoice.installedModels(files: models.files)
    ) { model in try await models.engine(model ?? WhisperModelChoice.fallback) }
    registry.register(
      EngineDescriptor(id: EngineChoice.appleID, name: "Apple", models: [], isOnDevice: true)
    ) { _ in
      #if canImport(FoundationModels)
        if #available(iOS 26.0, *) { return try await AppleSpeechEngine.make(language: await language()) }
      #endif
      throw SpeechEngineError("Apple's on-device transcription needs iOS 26")
    }
    CloudSpeechEngines.register(
      into: &registry, keys: keys, http: URLSessionHTTPClient(),
      ownServer: { RemoteServer(address: ownServer())?.baseURL }, liveSockets: LiveSockets.live)
    return EngineShelf(registry: registry)
  }
}
