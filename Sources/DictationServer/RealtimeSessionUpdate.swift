import Foundation

/// The `session` of a client's `session.update` (OpenAI's transcription session) or of the beta
/// `transcription_session.update`, decoded with OpenAI's field names. A setting left out stays; `null` clears it; the
/// fields this server does not read (`include`, `noise_reduction`, a VAD's `threshold`, …) are ignored.
enum RealtimeSessionUpdate: Sendable, Equatable {
  /// `session.update`'s `session` (OpenAI's `RealtimeTranscriptionSessionCreateRequest`).
  case transcription(TranscriptionSession)
  /// `transcription_session.update`'s `session`.
  case beta(BetaTranscriptionSession)

  /// OpenAI's transcription session: its `type` ("transcription") and its `audio.input`.
  struct TranscriptionSession: Decodable, Sendable, Equatable {
    var type: String?
    var audio: Audio?
  }

  /// `audio`: only its `input` is read (a transcription session has no output).
  struct Audio: Decodable, Sendable, Equatable {
    var input: AudioInput?
  }

  /// `audio.input`: the audio's `format`, its `transcription` and its `turn_detection`.
  struct AudioInput: Decodable, Sendable, Equatable {
    var format: AudioFormat?
    var transcription: JSONField<AudioTranscription>
    var turnDetection: JSONField<TurnDetection>

    enum CodingKeys: String, CodingKey {
      case format, transcription
      case turnDetection = "turn_detection"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      format = try container.decodeIfPresent(AudioFormat.self, forKey: .format)
      transcription = try container.decodeField(AudioTranscription.self, forKey: .transcription)
      turnDetection = try container.decodeField(TurnDetection.self, forKey: .turnDetection)
    }
  }

  /// `audio.input.format`: OpenAI's `audio/pcm` (whose `rate` is 24000), `audio/pcmu` or `audio/pcma`.
  struct AudioFormat: Decodable, Sendable, Equatable {
    var type: String?
    // NB: a Double, not an Int: Foundation's JSONDecoder refuses 24000.5 for an Int as if the whole frame were not
    // JSON, naming no field.
    var rate: Double?
  }

  /// The beta session: `input_audio_format` (`pcm16`, `g711_ulaw`, `g711_alaw`), `input_audio_transcription` and
  /// `turn_detection`.
  struct BetaTranscriptionSession: Decodable, Sendable, Equatable {
    var inputAudioFormat: String?
    var inputAudioTranscription: JSONField<AudioTranscription>
    var turnDetection: JSONField<TurnDetection>

    enum CodingKeys: String, CodingKey {
      case inputAudioFormat = "input_audio_format"
      case inputAudioTranscription = "input_audio_transcription"
      case turnDetection = "turn_detection"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      inputAudioFormat = try container.decodeIfPresent(String.self, forKey: .inputAudioFormat)
      inputAudioTranscription = try container.decodeField(AudioTranscription.self, forKey: .inputAudioTranscription)
      turnDetection = try container.decodeField(TurnDetection.self, forKey: .turnDetection)
    }
  }

  /// `transcription` (the beta `input_audio_transcription`): OpenAI's `AudioTranscription`.
  struct AudioTranscription: Decodable, Sendable, Equatable {
    var model: String?
    var language: String?
    var prompt: String?
  }

  /// `turn_detection`: `server_vad` with its `silence_duration_ms`, or `semantic_vad` with its `eagerness`.
  struct TurnDetection: Decodable, Sendable, Equatable {
    var type: String?
    /// Milliseconds; `null`, or a value that is not a number, is refused as a quiet out of range is.
    var silenceDurationMS: JSONField<Double>
    var eagerness: String?

    enum CodingKeys: String, CodingKey {
      case type, eagerness
      case silenceDurationMS = "silence_duration_ms"
    }

    init(from decoder: any Decoder) throws {
      let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
      guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
        throw RealtimeError("'turn_detection' must be an object or null.", code: "invalid_value", param: path)
      }
      type = try container.decodeIfPresent(String.self, forKey: .type)
      do {
        silenceDurationMS = try container.decodeField(Double.self, forKey: .silenceDurationMS)
      } catch {
        throw RealtimeError.silenceDuration(param: path + ".silence_duration_ms")
      }
      eagerness = try container.decodeIfPresent(String.self, forKey: .eagerness)
    }
  }

  /// Whether it came as the beta `transcription_session.update`.
  var isBeta: Bool {
    if case .beta = self { return true }
    return false
  }

  /// Where the update's input fields are, as an error's `param` names them.
  var inputPath: String { isBeta ? "session." : "session.audio.input." }

  /// The transcription's field, as an error's `param` names it.
  var transcriptionPath: String { inputPath + (isBeta ? "input_audio_transcription" : "transcription") }

  /// The change to the transcription's language, prompt and model.
  var transcription: JSONField<AudioTranscription> {
    switch self {
    case .transcription(let session): session.audio?.input?.transcription ?? .absent
    case .beta(let session): session.inputAudioTranscription
    }
  }

  /// The change to turn detection.
  var turnDetection: JSONField<TurnDetection> {
    switch self {
    case .transcription(let session): session.audio?.input?.turnDetection ?? .absent
    case .beta(let session): session.turnDetection
    }
  }

  /// Throws for a session or an audio format this server does not offer: a session of another `type`, audio other than
  /// PCM16 at 24 kHz.
  func checkOffered() throws(RealtimeError) {
    switch self {
    case .transcription(let session):
      if let type = session.type, type != "transcription" {
        throw RealtimeError(
          "This server runs transcription sessions only: 'session.type' must be 'transcription', not '\(type.prefix(40))'.",
          code: "invalid_value", param: "session.type")
      }
      if let format = session.audio?.input?.format,
        (format.type ?? "audio/pcm") != "audio/pcm" || (format.rate ?? 24_000) != 24_000
      {
        throw RealtimeError(
          "The only audio format is 'audio/pcm' at 24000 Hz (16-bit mono little-endian).", code: "invalid_value",
          param: inputPath + "format")
      }
    case .beta(let session):
      if let format = session.inputAudioFormat, format != "pcm16" {
        throw RealtimeError(
          "The only input_audio_format is 'pcm16' (24 kHz mono little-endian).", code: "invalid_value",
          param: "session.input_audio_format")
      }
    }
  }
}

/// A field as its JSON has it: left out, `null`, or a value (an update keeps a setting left out and clears one that
/// is `null`).
enum JSONField<Value> {
  case absent
  case null
  case value(Value)
}

extension JSONField: Sendable where Value: Sendable {}
extension JSONField: Equatable where Value: Equatable {}

extension KeyedDecodingContainer {
  /// The field `key` as an update: `.absent` when it is left out, `.null` when it is `null`.
  func decodeField<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> JSONField<Value> {
    guard contains(key) else { return .absent }
    return try decodeNil(forKey: key) ? .null : .value(decode(type, forKey: key))
  }
}

extension RealtimeError {
  /// A `silence_duration_ms` (`param`) that is not a whole number of milliseconds from 100 to 10000.
  static func silenceDuration(param: String) -> RealtimeError {
    RealtimeError(
      "'silence_duration_ms' must be a whole number of milliseconds from 100 to 10000.", code: "invalid_value",
      param: param)
  }

  /// The error event for a frame the decoder refused: a field of the wrong type is OpenAI's `invalid_type` naming the
  /// field (`session.audio.input.turn_detection`); anything else is a frame that is not a JSON object.
  init(decoding error: any Error) {
    if let error = error as? RealtimeError {
      self = error
    } else if case .typeMismatch(let type, let context) = error as? DecodingError, !context.codingPath.isEmpty {
      let param = context.codingPath.map(\.stringValue).joined(separator: ".")
      let expected = type == String.self ? "a string" : type == Double.self ? "a number" : "an object"
      self.init("Invalid type for '\(param)': expected \(expected).", code: "invalid_type", param: param)
    } else {
      self.init("The event is not a JSON object.", code: "invalid_json")
    }
  }
}
