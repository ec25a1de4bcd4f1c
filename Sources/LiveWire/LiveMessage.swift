import DictationValues
import Foundation

/// A message of the live dictation WebSocket (`/v1/audio/live` of `utter serve`), sent as a JSON text frame. The
/// audio goes the other way as binary frames of 16 kHz mono 16-bit little-endian PCM (`LivePCM`).
///
/// Server to client: `ready` once the engine can read, `live` each time the live text changes (the same confirmed
/// and volatile text the keyboard shows from `utter host`), `final` once after the client's `stop`, `error` (then the
/// server closes). Client to server: `stop` when the user is done speaking.
public struct LiveMessage: Codable, Sendable, Hashable {
  /// What a message is.
  public enum Kind: String, Codable, Sendable {
    case ready, live, final, error, stop
  }

  public var type: Kind
  /// `live`: words read from speech that has ended; `volatile`: a draft of the speech going on; `revision` grows.
  public var confirmed: String?
  public var volatile: String?
  public var revision: Int?
  /// `final`: the dictation's text (cleaned up unless the connection asked for raw text) and the engine's words.
  public var text: String?
  public var rawText: String?
  public var language: String?
  /// `final`: seconds of audio received.
  public var duration: Double?
  /// `ready`: the engine and model that read.
  public var engine: String?
  public var model: String?
  /// `error`: what went wrong, in one line, and a machine-readable code.
  public var message: String?
  public var code: String?

  public init(type: Kind) {
    self.type = type
  }

  enum CodingKeys: String, CodingKey {
    case type, confirmed, volatile, revision, text, language, duration, engine, model, message, code
    case rawText = "raw_text"
  }

  /// The engine is loaded: audio sent now is read while it comes.
  public static func ready(engine: String, model: String) -> LiveMessage {
    var message = LiveMessage(type: .ready)
    message.engine = engine
    message.model = model
    return message
  }

  /// The live text changed.
  public static func live(_ text: LiveText) -> LiveMessage {
    var message = LiveMessage(type: .live)
    message.confirmed = text.confirmed
    message.volatile = text.volatile
    message.revision = text.revision
    return message
  }

  /// A `live` message's text; nil for the other kinds.
  public var liveText: LiveText? {
    guard type == .live else { return nil }
    return LiveText(confirmed: confirmed ?? "", volatile: volatile ?? "", revision: revision ?? 0)
  }

  /// The dictation's final text.
  public static func final(text: String, rawText: String, language: String?, duration: Double) -> LiveMessage {
    var message = LiveMessage(type: .final)
    message.text = text
    message.rawText = rawText
    message.language = language
    message.duration = duration
    return message
  }

  /// A failure, in one line.
  public static func error(_ text: String, code: String) -> LiveMessage {
    var message = LiveMessage(type: .error)
    message.message = text
    message.code = code
    return message
  }

  /// The user is done speaking: the server answers with `final`.
  public static let stop = LiveMessage(type: .stop)

  /// The message as one JSON text frame.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"type":"error"}"#
  }

  /// Reads one text frame; nil when it is not a message.
  public static func parse(_ text: String) -> LiveMessage? {
    try? JSONDecoder().decode(LiveMessage.self, from: Data(text.utf8))
  }
}
