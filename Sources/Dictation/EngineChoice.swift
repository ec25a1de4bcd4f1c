import Storage

/// The engines Utter names in its settings, typed, so that no screen spells an engine id.
extension EngineChoice {
  /// The embedded Whisper engine (whisper.cpp on Linux and macOS, WhisperKit on iPhone).
  public static let whisperID = "whisper"
  /// Apple's on-device SpeechAnalyzer transcriber (iOS 26).
  public static let appleID = "apple"

  /// Whisper with `model`, e.g. `base.en`.
  public static func whisper(_ model: String) -> EngineChoice { EngineChoice(id: whisperID, model: model) }
  /// Apple's transcriber (its model is the system's, for the spoken language).
  public static let apple = EngineChoice(id: appleID, model: nil)

  public var isWhisper: Bool { id == Self.whisperID }
  public var isApple: Bool { id == Self.appleID }

  /// How Settings names the choice, e.g. `Whisper base.en`, `Apple (on device)`, `openai whisper-1`.
  public var title: String {
    switch id {
    case Self.whisperID: "Whisper \(model ?? "")".trimmingCharacters(in: .whitespaces)
    case Self.appleID: "Apple (on device)"
    default: [id, model ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }
  }
}

extension UtterSettings {
  /// The engine the user chose (an empty model: the engine's default).
  public var engineChoice: EngineChoice {
    EngineChoice(id: engine, model: model.isEmpty ? nil : model)
  }
}
