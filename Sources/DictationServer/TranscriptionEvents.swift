import Foundation
import NIOCore

/// An event of a streamed transcription (`stream=true`), as OpenAI's clients read it: a server-sent event named for its
/// `type`, whose data is one JSON object.
enum TranscriptionEvent: Sendable, Equatable {
  /// `transcript.text.delta`: words added to the transcript (`delta`).
  case delta(String)
  /// `transcript.text.done`: the final text, the same as the answer without `stream`.
  case done(String)
  /// `error`: the transcription failed after the stream began; OpenAI's error body (`error.message`, `type`, `param`,
  /// `code`), which OpenAI's clients raise as an error.
  case error(APIError)

  /// The event's name and its `type` field.
  var type: String {
    switch self {
    case .delta: "transcript.text.delta"
    case .done: "transcript.text.done"
    case .error: "error"
    }
  }

  /// The event as the stream carries it: `event: TYPE`, `data: JSON` and a blank line.
  var text: String {
    let json: Data?
    switch self {
    case .delta(let delta): json = try? ServerJSON.encoder().encode(Delta(delta: delta))
    case .done(let text): json = try? ServerJSON.encoder().encode(Done(text: text))
    case .error(let error): json = try? ServerJSON.encoder().encode(Failure(error: error.body.error))
    }
    return "event: \(type)\ndata: \(json.map { String(decoding: $0, as: UTF8.self) } ?? "{}")\n\n"
  }

  /// The event's bytes.
  var buffer: ByteBuffer { ByteBuffer(string: text) }

  private struct Delta: Encodable {
    var type = "transcript.text.delta"
    var delta: String
  }

  private struct Done: Encodable {
    var type = "transcript.text.done"
    var text: String
  }

  private struct Failure: Encodable {
    var type = "error"
    var error: APIError.Body.Detail
  }
}

/// What a streamed transcription's deltas have said so far, and what each newly confirmed text adds to it. Deltas only
/// add: a sentence's closing mark is held back while the next words may continue it, and a text that changed what
/// was sent (a spoken correction, a number that grew) is followed from the last words sent, the rest kept for the
/// done event. The live text can be the end of a long dictation only, so new words are found after the last ones sent.
struct StreamedText: Sendable, Equatable {
  /// The deltas sent so far, joined.
  private(set) var sent = ""

  /// Characters of the sent text looked for in a text that does not start with it.
  static let overlap = 80

  /// The delta that the confirmed text `confirmed` adds, if any (its closing marks held back).
  mutating func delta(confirmed: String) -> String? {
    added(by: Self.held(confirmed))
  }

  /// The last delta: what the final text adds to what was sent, its closing marks included.
  mutating func closing(final: String) -> String? {
    added(by: final.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private mutating func added(by text: String) -> String? {
    let rest: Substring
    if text.hasPrefix(sent) {
      rest = text.dropFirst(sent.count)
    } else if let found = text.range(of: String(sent.suffix(Self.overlap)), options: .backwards) {
      rest = text[found.upperBound...]
    } else {
      return nil
    }
    guard !rest.isEmpty else { return nil }
    sent += rest
    return String(rest)
  }

  /// `text` without its trailing whitespace and sentence marks: what the next words cannot change.
  static func held(_ text: String) -> String {
    var end = text.endIndex
    while end > text.startIndex {
      let previous = text.index(before: end)
      guard text[previous].isWhitespace || ".,;:!?".contains(text[previous]) else { break }
      end = previous
    }
    return String(text[..<end])
  }
}
