import Foundation

/// A Realtime transcription session's settings, as `session.update` (or the beta `transcription_session.update`)
/// changes them: turn detection, the language, prompt and model of the transcription. Audio is always PCM16 at
/// 24 kHz mono (the only PCM rate OpenAI's protocol states); noise reduction is not offered.
struct RealtimeSettings: Sendable, Equatable {
  /// The session's id (`sess_…`).
  var id: String
  /// Server VAD: an item is committed once its speech is followed by `silenceMS` of quiet. nil: the client commits.
  var turnDetection: TurnDetection? = TurnDetection()
  var language: String?
  var prompt: String?
  /// The model the client named (OpenAI's names read with the default).
  var model: String?
  /// The served model that reads the session's audio (set by the session once `model` is resolved).
  var servedModel = ""

  /// Server-side voice activity detection, as the server runs it.
  struct TurnDetection: Sendable, Equatable {
    /// Quiet after speech that ends a turn (OpenAI's `silence_duration_ms`, 500 by default).
    var silenceMS = 500
  }

  /// The settings after `update`, or the error naming the field that cannot be used.
  func updated(by update: RealtimeSessionUpdate) throws(RealtimeError) -> RealtimeSettings {
    try update.checkOffered()
    var settings = self
    switch update.transcription {
    case .absent: break
    case .null:
      settings.language = nil
      settings.prompt = nil
      settings.model = nil
    case .value(let transcription):
      settings.language = transcription.language
      settings.prompt = transcription.prompt
      settings.model = transcription.model
      do {
        _ = try DictationServer.dictationRequest(language: settings.language, prompt: nil, cleanup: nil)
      } catch let error as APIError {
        throw RealtimeError(error, param: update.transcriptionPath + ".language")
      } catch {
        throw RealtimeError("\(error)", code: "invalid_value", param: update.transcriptionPath + ".language")
      }
    }
    switch update.turnDetection {
    case .absent: break
    case .null: settings.turnDetection = nil
    case .value(let detection):
      settings.turnDetection = try Self.turnDetection(detection, param: update.inputPath + "turn_detection")
    }
    return settings
  }

  /// `turn_detection`: `server_vad` with its `silence_duration_ms`; `semantic_vad` is read as server VAD whose quiet
  /// follows its `eagerness` (high 0.5 s, medium and auto 1 s, low 2 s).
  private static func turnDetection(_ fields: RealtimeSessionUpdate.TurnDetection, param: String) throws(RealtimeError)
    -> TurnDetection
  {
    switch fields.type ?? "server_vad" {
    case "server_vad":
      var detection = TurnDetection()
      switch fields.silenceDurationMS {
      case .absent: break
      case .value(let ms) where ms.rounded() == ms && (100...10_000).contains(ms): detection.silenceMS = Int(ms)
      case .value, .null: throw RealtimeError.silenceDuration(param: param + ".silence_duration_ms")
      }
      return detection
    case "semantic_vad":
      return TurnDetection(silenceMS: ["high": 500, "low": 2_000][fields.eagerness ?? "auto"] ?? 1_000)
    case let type:
      throw RealtimeError(
        "Invalid turn detection '\(type.prefix(40))': use 'server_vad', 'semantic_vad' or null.",
        code: "invalid_value", param: param + ".type")
    }
  }
}

/// The session object of `session.created`/`session.updated` (OpenAI's transcription session), or of the beta
/// `transcription_session.created`/`.updated`: the settings in effect.
struct RealtimeSessionObject: Sendable, Equatable, Encodable {
  let settings: RealtimeSettings
  let beta: Bool

  init(_ settings: RealtimeSettings, beta: Bool) {
    self.settings = settings
    self.beta = beta
  }

  private struct Transcription: Encodable, Equatable {
    var model: String
    @ExplicitNull var language: String?
    @ExplicitNull var prompt: String?
  }

  private struct Detection: Encodable, Equatable {
    var type = "server_vad"
    var silenceMS: Int

    enum CodingKeys: String, CodingKey {
      case type
      case silenceMS = "silence_duration_ms"
    }
  }

  private struct Format: Encodable, Equatable {
    var type = "audio/pcm"
    var rate = 24_000
  }

  private enum Keys: String, CodingKey {
    case id, object, type, audio, input, format, transcription
    case turnDetection = "turn_detection"
    case noiseReduction = "noise_reduction"
    case inputAudioFormat = "input_audio_format"
    case inputAudioTranscription = "input_audio_transcription"
    case inputAudioNoiseReduction = "input_audio_noise_reduction"
  }

  func encode(to encoder: any Encoder) throws {
    let transcription = Transcription(
      model: settings.servedModel, language: settings.language, prompt: settings.prompt)
    let detection = settings.turnDetection.map { Detection(silenceMS: $0.silenceMS) }
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(settings.id, forKey: .id)
    try container.encode("realtime.transcription_session", forKey: .object)
    if beta {
      try container.encode("pcm16", forKey: .inputAudioFormat)
      try container.encode(transcription, forKey: .inputAudioTranscription)
      try container.encode(detection, forKey: .turnDetection)
      try container.encodeNil(forKey: .inputAudioNoiseReduction)
      return
    }
    try container.encode("transcription", forKey: .type)
    var audio = container.nestedContainer(keyedBy: Keys.self, forKey: .audio)
    var input = audio.nestedContainer(keyedBy: Keys.self, forKey: .input)
    try input.encode(Format(), forKey: .format)
    try input.encode(transcription, forKey: .transcription)
    try input.encode(detection, forKey: .turnDetection)
    try input.encodeNil(forKey: .noiseReduction)
  }
}
