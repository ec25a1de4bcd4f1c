import Foundation
import Locations
import SpeechEngine
import WhisperEngine

/// The speech engines this machine offers, by id.
enum EngineFactory {
  static func registry() -> SpeechEngineRegistry {
    var registry = SpeechEngineRegistry()
    WhisperEngine.register(into: &registry, installation: EngineInstallation(directory: Locations.engineDirectory()))
    CloudEngineCatalog.register(into: &registry)
    return registry
  }

  /// Creates engine `id` (default: the embedded Whisper engine) with `model`, as a one-line CLI error on failure.
  static func make(id: String?, model: String?) async throws -> any SpeechEngine {
    do {
      return try await registry().makeEngine(id: id ?? "whisper", model: model)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError("\(error)")
    }
  }
}
