import Foundation

/// What a client of a Realtime transcription session (`GET /v1/realtime?intent=transcription`) sends, one JSON text
/// frame each, in OpenAI's shapes: `session.update` (`session.type` "transcription") or its beta
/// `transcription_session.update`, `input_audio_buffer.append` (base64 PCM16, 24 kHz mono little-endian),
/// `input_audio_buffer.commit` and `input_audio_buffer.clear`.
enum RealtimeClientEvent: Sendable, Equatable {
  /// The session's settings after the update; `beta` when it came as `transcription_session.update`.
  case update(RealtimeSettings, beta: Bool)
  /// Audio bytes to add to the buffer.
  case append(Data)
  case commit
  case clear

  /// The client events this server takes.
  static let types = [
    "session.update", "transcription_session.update", "input_audio_buffer.append", "input_audio_buffer.commit",
    "input_audio_buffer.clear",
  ]

  /// Reads one text frame against the session's current `settings`: the event and its `event_id`, or the error event
  /// to answer (which names the `event_id` when the frame had one).
  static func parse(_ text: String, settings: RealtimeSettings) -> Result<(Self, eventID: String?), RealtimeError> {
    let data = Data(text.utf8)
    do {
      let wire = try JSONDecoder().decode(Wire.self, from: data)
      switch wire.event {
      case .update(let update):
        return .success((.update(try settings.updated(by: update), beta: update.isBeta), wire.eventID))
      case .append(let bytes): return .success((.append(bytes), wire.eventID))
      case .commit: return .success((.commit, wire.eventID))
      case .clear: return .success((.clear, wire.eventID))
      }
    } catch {
      var failure = RealtimeError(decoding: error)
      failure.eventID = (try? JSONDecoder().decode(EventID.self, from: data))?.eventID
      return .failure(failure)
    }
  }

  /// A client event's `event_id`, whatever else it holds (one of another type is not read).
  private struct EventID: Decodable {
    var eventID: String?

    enum CodingKeys: String, CodingKey {
      case eventID = "event_id"
    }

    init(from decoder: any Decoder) throws {
      eventID = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .eventID)
    }
  }

  /// A client event as OpenAI's JSON has it: its `type`, `event_id`, and the fields of its type.
  private struct Wire: Decodable {
    enum Event {
      case update(RealtimeSessionUpdate)
      case append(Data)
      case commit
      case clear
    }

    var eventID: String?
    var event: Event

    enum CodingKeys: String, CodingKey {
      case type, session, audio
      case eventID = "event_id"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      eventID = try? container.decodeIfPresent(String.self, forKey: .eventID)
      guard let type = try container.decodeIfPresent(String.self, forKey: .type) else {
        throw RealtimeError("The event has no 'type'.", code: "missing_required_parameter", param: "type")
      }
      switch type {
      case "session.update", "transcription_session.update":
        guard (try? container.nestedContainer(keyedBy: CodingKeys.self, forKey: .session)) != nil else {
          throw RealtimeError("'session' must be an object.", code: "missing_required_parameter", param: "session")
        }
        event = .update(
          type == "session.update"
            ? .transcription(try container.decode(RealtimeSessionUpdate.TranscriptionSession.self, forKey: .session))
            : .beta(try container.decode(RealtimeSessionUpdate.BetaTranscriptionSession.self, forKey: .session)))
      case "input_audio_buffer.append":
        guard let audio = try? container.decode(String.self, forKey: .audio) else {
          throw RealtimeError(
            "'audio' must be a string of base64-encoded audio.", code: "invalid_value", param: "audio")
        }
        guard let bytes = Data(base64Encoded: audio) else {
          throw RealtimeError(
            "Invalid 'audio': it is not base64-encoded audio bytes.", code: "invalid_value", param: "audio")
        }
        event = .append(bytes)
      case "input_audio_buffer.commit": event = .commit
      case "input_audio_buffer.clear": event = .clear
      default:
        throw RealtimeError(
          "Invalid value: '\(type.prefix(80))'. A transcription session takes \(types.map { "'\($0)'" }.joined(separator: ", ")).",
          code: "invalid_value", param: "type")
      }
    }
  }
}

/// An `error` event's `error`: OpenAI's Realtime error (`type`, `code`, `message`, `param`, and the `event_id` of the
/// client event it answers). The session stays open after one.
struct RealtimeError: Error, Sendable, Equatable, Encodable {
  var type = "invalid_request_error"
  @ExplicitNull var code: String?
  var message: String
  @ExplicitNull var param: String?
  @ExplicitNull var eventID: String?

  init(
    _ message: String, code: String?, param: String? = nil, eventID: String? = nil,
    type: String = "invalid_request_error"
  ) {
    self.message = message
    self.code = code
    self.param = param
    self.eventID = eventID
    self.type = type
  }

  /// An HTTP error (a language or a model the server does not read) as the Realtime error of a setting.
  init(_ error: APIError, param: String?) {
    self.init(error.message, code: error.code, param: param, type: error.type)
  }

  enum CodingKeys: String, CodingKey {
    case type, code, message, param
    case eventID = "event_id"
  }
}

/// What the server sends in a Realtime transcription session, one JSON text frame each.
enum RealtimeServerEvent: Sendable, Equatable {
  /// `session.created` (`transcription_session.created` to a beta client): the session's settings, first.
  case created(RealtimeSettings, beta: Bool)
  /// `session.updated` (`transcription_session.updated` after the beta update): the settings in effect.
  case updated(RealtimeSettings, beta: Bool)
  /// Server VAD heard speech start, `ms` into the session's audio, in the item it will commit.
  case speechStarted(item: String, ms: Int)
  /// Server VAD heard the speech stop; the item is committed next.
  case speechStopped(item: String, ms: Int)
  case committed(item: String, previous: String?)
  case cleared
  /// Words the reading of an item added (the item's deltas add up to its transcript).
  case delta(item: String, text: String)
  /// The item's cleaned-up text, as an upload of the same audio answers, and the seconds of audio read.
  case completed(item: String, transcript: String, seconds: Double)
  /// The item could not be read.
  case failed(item: String, RealtimeError)
  case error(RealtimeError)

  /// The event's `type`.
  var type: String {
    switch self {
    case .created(_, let beta): beta ? "transcription_session.created" : "session.created"
    case .updated(_, let beta): beta ? "transcription_session.updated" : "session.updated"
    case .speechStarted: "input_audio_buffer.speech_started"
    case .speechStopped: "input_audio_buffer.speech_stopped"
    case .committed: "input_audio_buffer.committed"
    case .cleared: "input_audio_buffer.cleared"
    case .delta: "conversation.item.input_audio_transcription.delta"
    case .completed: "conversation.item.input_audio_transcription.completed"
    case .failed: "conversation.item.input_audio_transcription.failed"
    case .error: "error"
    }
  }

  /// The event as its text frame, with the server's `eventID`.
  func json(eventID: String) -> String {
    var wire = Wire(type: type, eventID: eventID)
    switch self {
    case .created(let settings, let beta), .updated(let settings, let beta):
      wire.session = RealtimeSessionObject(settings, beta: beta)
    case .speechStarted(let item, let ms):
      wire.itemID = item
      wire.audioStartMS = ms
    case .speechStopped(let item, let ms):
      wire.itemID = item
      wire.audioEndMS = ms
    case .committed(let item, let previous):
      wire.itemID = item
      wire.previousItemID = previous
    case .cleared: break
    case .delta(let item, let text):
      wire.itemID = item
      wire.contentIndex = 0
      wire.delta = text
    case .completed(let item, let transcript, let seconds):
      wire.itemID = item
      wire.contentIndex = 0
      wire.transcript = transcript
      wire.usage = Usage(seconds: (seconds * 1000).rounded() / 1000)
    case .failed(let item, let error):
      wire.itemID = item
      wire.contentIndex = 0
      wire.error = error
    case .error(let error): wire.error = error
    }
    let data = (try? ServerJSON.encoder().encode(wire)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  private struct Wire: Encodable {
    var type: String
    var eventID: String
    var session: RealtimeSessionObject?
    var itemID: String?
    var previousItemID: String?
    var audioStartMS: Int?
    var audioEndMS: Int?
    var contentIndex: Int?
    var delta: String?
    var transcript: String?
    var usage: Usage?
    var error: RealtimeError?

    enum CodingKeys: String, CodingKey {
      case type, session, delta, transcript, usage, error
      case eventID = "event_id"
      case itemID = "item_id"
      case previousItemID = "previous_item_id"
      case audioStartMS = "audio_start_ms"
      case audioEndMS = "audio_end_ms"
      case contentIndex = "content_index"
    }
  }

  /// OpenAI's usage of a transcription billed by duration.
  private struct Usage: Encodable {
    var type = "duration"
    var seconds: Double
  }
}
