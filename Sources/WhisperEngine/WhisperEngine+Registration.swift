import SpeechEngine

extension WhisperEngine {
  /// Describes the embedded engine for a registry.
  public static let descriptor = EngineDescriptor(
    id: "whisper", name: "Whisper (whisper.cpp, on-device)", models: WhisperCatalog.models.map(\.id),
    isOnDevice: true)

  /// Registers the embedded engine, loading models from `installation`.
  public static func register(into registry: inout SpeechEngineRegistry, installation: EngineInstallation) {
    registry.register(descriptor) { model in
      let id = model ?? WhisperCatalog.defaultModel.id
      guard let spec = WhisperCatalog.model(id: id) else {
        throw SpeechEngineError("unknown whisper model '\(id)'")
      }
      return try WhisperEngine(spec: spec, installation: installation)
    }
  }
}
