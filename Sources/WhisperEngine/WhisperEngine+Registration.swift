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
    let models = InstalledModels(
      installed: {
        WhisperCatalog.models.filter(installation.isInstalled).map(\.id) + ((try? added?.list()) ?? []).map(\.id)
      },
      languages: { id in
        if let spec = WhisperCatalog.model(id: id) { return spec.isEnglishOnly ? ["en"] : nil }
        if let own = try? added?.model(id: id) { return own.header.isEnglishOnly ? ["en"] : nil }
        return SpokenLanguage.readable(byModel: id)
      }, howToInstall: { "run `utter engines install --model \($0)`" })
    registry.register(described, models: models) { model in
      let id = model ?? WhisperCatalog.defaultModel.id
      if let spec = WhisperCatalog.model(id: id) { return try WhisperEngine(spec: spec, installation: installation) }
      guard let added, let own = try added.model(id: id) else {
        throw SpeechEngineError("unknown whisper model '\(id)'")
      }
      return try WhisperEngine(added: own, file: added.url(of: own), installation: installation)
    }
  }
}
