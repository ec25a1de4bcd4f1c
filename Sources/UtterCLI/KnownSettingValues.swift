import CLISupport
import CloudSpeech
import SpeechEngine
import Storage
import WhisperEngine

/// Checks the settings that name an engine, a model or a language against what Utter knows, before they are
/// stored: a misspelt engine would otherwise fail every later dictation.
enum KnownSettingValues {
  /// Engine ids the command line can run.
  static var engineIDs: [String] { ["whisper"] + EngineFactory.cloudDescriptors.map(\.id) }

  /// Models `engine` can run, or nil when it takes any name (an OpenAI-compatible server).
  static func models(for engine: String) -> [String]? {
    if engine == "whisper" { return WhisperCatalog.models.map(\.id) }
    guard let descriptor = EngineFactory.cloudDescriptors.first(where: { $0.id == engine }), !descriptor.models.isEmpty
    else { return nil }
    return descriptor.models
  }

  /// Throws a one-line error when `value` is not a known choice for `key`; `current` gives the engine a model
  /// belongs to.
  static func check(key: String, value: String, current: UtterSettings) throws {
    let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
    switch key {
    case "engine":
      guard engineIDs.contains(text.lowercased()) else {
        throw CLIError("unknown engine '\(value)' (engines: \(engineIDs.joined(separator: ", ")))")
      }
    case "model":
      if let models = models(for: current.engine), !models.contains(text) {
        throw CLIError(
          "unknown model '\(value)' for \(current.engine) (models: \(models.joined(separator: ", ")))")
      }
    case "language":
      guard SpokenLanguage.isKnown(text) else {
        throw CLIError("unknown language '\(value)': use an ISO 639-1 code such as en, fr or pt-BR, or auto")
      }
    default:
      break
    }
  }
}
