import ArgumentParser
import Dictation

/// `--engine` and `--model` of the commands that run the data folder's pipeline (`transcribe`, `serve`, `host`).
struct EngineOptions: ParsableArguments {
  @Option(help: "Speech engine id (default: the engine in settings, else whisper).")
  var engine: String?

  @Option(help: "Model id for the engine (default: the model in settings).")
  var model: String?

  /// The engine and model named, the settings' for what is not.
  func choice(in settings: DictationSettings) -> EngineChoice { settings.engine(id: engine, model: model) }
}
