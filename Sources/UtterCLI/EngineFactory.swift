import Foundation
import Locations
import SpeechEngine
import WhisperEngine

/// The speech engines this machine offers, by id.
enum EngineFactory {
  static func registry(dataDirectory: URL, baseURL: URL? = nil) -> SpeechEngineRegistry {
    var registry = SpeechEngineRegistry()
    WhisperEngine.register(into: &registry, installation: EngineInstallation(directory: Locations.engineDirectory()))
    CloudEngineCatalog.register(into: &registry, dataDirectory: dataDirectory, baseURL: baseURL)
    return registry
  }

  /// Creates engine `id` (default: the embedded Whisper engine) with `model`, as a one-line CLI error on failure.
  static func make(id: String?, model: String?, dataDirectory: URL, baseURL: URL? = nil) async throws
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
  static func make(id: String?, model: String?) async throws -> any SpeechEngine {
    try await make(id: id, model: model, dataDirectory: Locations.dataDirectory())
  }
}
