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

  /// The settings after the update `session` (a `session.update`'s `session` object; the beta shape when `beta`), or
  /// the error naming the field that cannot be used.
  func updated(by session: [String: Any], beta: Bool) throws(RealtimeError) -> RealtimeSettings {
    var settings = self
    let prefix = beta ? "session." : "session.audio.input."
    var input = session
    if !beta {
      if let type = session["type"] as? String, type != "transcription" {
        throw RealtimeError(
          "This server runs transcription sessions only: 'session.type' must be 'transcription', not '\(type.prefix(40))'.",
          code: "invalid_value", param: "session.type")
      }
      let audio = session["audio"] as? [String: Any]
      input = audio?["input"] as? [String: Any] ?? [:]
      if let format = input["format"] as? [String: Any] {
        let type = format["type"] as? String ?? "audio/pcm"
        let rate = format["rate"] as? Int ?? 24_000
        guard type == "audio/pcm", rate == 24_000 else {
          throw RealtimeError(
            "The only audio format is 'audio/pcm' at 24000 Hz (16-bit mono little-endian).", code: "invalid_value",
            param: prefix + "format")
        }
      }
    } else if let format = session["input_audio_format"] as? String, format != "pcm16" {
      throw RealtimeError(
        "The only input_audio_format is 'pcm16' (24 kHz mono little-endian).", code: "invalid_value",
        param: "session.input_audio_format")
    }
    let transcriptionKey = beta ? "input_audio_transcription" : "transcription"
    if let transcription = input[transcriptionKey] {
      let fields = transcription as? [String: Any] ?? [:]
      settings.language = fields["language"] as? String
      settings.prompt = fields["prompt"] as? String
      settings.model = fields["model"] as? String
      do {
        _ = try DictationServer.dictationRequest(language: settings.language, prompt: nil, cleanup: nil)
      } catch let error as APIError {
        throw RealtimeError(error, param: prefix + transcriptionKey + ".language")
      } catch {
        throw RealtimeError("\(error)", code: "invalid_value", param: prefix + transcriptionKey + ".language")
      }
    }
    if let detection = input["turn_detection"] {
      settings.turnDetection = try Self.turnDetection(detection, param: prefix + "turn_detection")
    }
    return settings
  }

  /// `turn_detection`: null turns it off; `server_vad` with its `silence_duration_ms`; `semantic_vad` is read as
  /// server VAD whose quiet follows its `eagerness` (high 0.5 s, medium and auto 1 s, low 2 s).
  private static func turnDetection(_ value: Any, param: String) throws(RealtimeError) -> TurnDetection? {
    if value is NSNull { return nil }
    guard let fields = value as? [String: Any] else {
      throw RealtimeError("'turn_detection' must be an object or null.", code: "invalid_value", param: param)
    }
    switch fields["type"] as? String ?? "server_vad" {
    case "server_vad":
      var detection = TurnDetection()
      if let silence = fields["silence_duration_ms"] {
        guard let ms = silence as? Int, (100...10_000).contains(ms) else {
          throw RealtimeError(
            "'silence_duration_ms' must be a whole number of milliseconds from 100 to 10000.",
            code: "invalid_value", param: param + ".silence_duration_ms")
        }
        detection.silenceMS = ms
      }
      return detection
    case "semantic_vad":
      let eagerness = fields["eagerness"] as? String ?? "auto"
      return TurnDetection(silenceMS: ["high": 500, "low": 2_000][eagerness] ?? 1_000)
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
