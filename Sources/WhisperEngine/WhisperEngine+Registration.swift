import Foundation
import SpeechEngine

extension WhisperEngine {
  /// Describes the embedded engine for a registry.
  public static let descriptor = EngineDescriptor(
    id: "whisper", name: "Whisper (whisper.cpp, on-device)", models: WhisperCatalog.models.map(\.id),
    isOnDevice: true)

  /// Registers the embedded engine, loading the catalog's models from `installation` and, when `added` is given,
  /// the user's added models by their ids.
  public static func register(
    into registry: inout SpeechEngineRegistry, installation: EngineInstallation, added: AddedWhisperModels? = nil
  ) {
    var described = descriptor
    described.models += ((try? added?.list()) ?? []).map(\.id)
    registry.register(described) { model in
      let id = model ?? WhisperCatalog.defaultModel.id
      if let spec = WhisperCatalog.model(id: id) { return try WhisperEngine(spec: spec, installation: installation) }
      guard let added, let own = try added.model(id: id) else {
        throw SpeechEngineError("unknown whisper model '\(id)'")
      }
      return try WhisperEngine(added: own, file: added.url(of: own), installation: installation)
    }
  }
}
