import Foundation
import KeyStore
import SpeechEngine
import Storage

/// Creates the speech engine the settings name, and keeps it loaded between dictations.
actor EngineLoader {
  private var loaded: (key: String, engine: any SpeechEngine)?

  /// Keeps an engine prepared elsewhere (onboarding, settings) so the first dictation does not load it again.
  func adopt(_ engine: any SpeechEngine, for settings: UtterSettings) {
    loaded = (settings.engine + "/" + settings.model, engine)
  }

  /// The engine for `settings`, loading it the first time.
  func engine(
    for settings: UtterSettings, models: WhisperModelLibrary, keys: any SecretStore
  ) async throws -> any SpeechEngine {
    let key = settings.engine + "/" + settings.model
    if let loaded, loaded.key == key { return loaded.engine }
    let engine = try await make(settings, models: models, keys: keys)
    loaded = (key, engine)
    return engine
  }

  private func make(
    _ settings: UtterSettings, models: WhisperModelLibrary, keys: any SecretStore
  ) async throws -> any SpeechEngine {
    switch settings.engine {
    case "whisper":
      guard let folder = await models.folder(for: settings.model) else {
        throw SpeechEngineError("The \(settings.model) model is not on this iPhone. Download it in Utter › Settings.")
      }
      return try await models.prepare(settings.model, folder: folder)
    case "apple":
      #if canImport(FoundationModels)
        if #available(iOS 26.0, *) {
          return try await AppleSpeechEngine.make(language: Self.language(settings))
        }
      #endif
      throw SpeechEngineError("Apple's on-device transcription needs iOS 26")
    default:
      return try await CloudEngines.make(id: settings.engine, model: settings.model, keys: keys)
    }
  }

  /// The spoken language, or nil to detect it.
  static func language(_ settings: UtterSettings) -> String? {
    settings.language == "auto" || settings.language.isEmpty ? nil : settings.language
  }
}
