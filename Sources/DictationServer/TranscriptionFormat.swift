import Foundation
import SpeechEngine

/// The `response_format`s of OpenAI's transcription endpoint, and how each is written.
enum TranscriptionFormat: String, Sendable, CaseIterable {
  case json, text, srt, vtt
  case verboseJSON = "verbose_json"

  /// One caption or segment: its times and text.
  struct Cue: Sendable {
    var start: Double
    var end: Double
    var text: String
  }

  /// What one transcription answered.
  struct Answer: Sendable {
    var text: String
    var language: String?
    var duration: Double
    var cues: [Cue]
    var engine: String
    var model: String
    /// The engine's words with their times, when `timestamp_granularities[]=word` asked for them.
    var words: [Word]? = nil
  }

  /// One word of a verbose answer (OpenAI's `TranscriptionWord`).
  struct Word: Codable, Equatable, Sendable {
    var word: String
    var start: Double
    var end: Double
  }

  /// The engine's words in `segments` as OpenAI gives them: without the punctuation around them, in order, each
  /// starting no earlier than the one before and ending no earlier than it starts, within `duration`.
  static func words(of segments: [TranscriptSegment], duration: Double) -> [Word] {
    var words: [Word] = []
    for word in segments.flatMap(\.words) {
      let text = word.text.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
      guard !text.isEmpty else { continue }
      let start = min(duration, max(word.start, words.last?.start ?? 0, 0))
      let end = min(duration, max(word.end, start))
      words.append(Word(word: text, start: rounded(start), end: rounded(end)))
    }
    return words
  }

  /// The content type of the body.
  var contentType: String {
    switch self {
    case .json, .verboseJSON: "application/json"
    case .text: "text/plain; charset=utf-8"
    case .srt: "application/x-subrip; charset=utf-8"
    case .vtt: "text/vtt; charset=utf-8"
    }
  }

  /// The body for `answer`.
  func body(_ answer: Answer) -> String {
    switch self {
    case .json:
      return Self.json(TextAnswer(text: answer.text))
    case .text:
      return answer.text + "\n"
    case .verboseJSON:
      return Self.json(VerboseAnswer(answer))
    case .srt:
      return answer.cues.enumerated().map { index, cue in
        "\(index + 1)\n\(Self.timestamp(cue.start, separator: ",")) --> \(Self.timestamp(cue.end, separator: ","))\n\(cue.text)\n"
      }.joined(separator: "\n")
    case .vtt:
      return "WEBVTT\n\n"
        + answer.cues.map { cue in
          "\(Self.timestamp(cue.start, separator: ".")) --> \(Self.timestamp(cue.end, separator: "."))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }
  }

  /// `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT).
  static func timestamp(_ seconds: Double, separator: String) -> String {
    let milliseconds = Int((max(0, seconds) * 1000).rounded())
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let secs = milliseconds / 1000 % 60
    return String(format: "%02d:%02d:%02d%@%03d", hours, minutes, secs, separator, milliseconds % 1000)
  }

  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// OpenAI's verbose answer names the language in English ("english"), not by its code.
  static func languageName(_ code: String?) -> String {
    guard let code, !code.isEmpty else { return "" }
    return Locale(identifier: "en").localizedString(forLanguageCode: code)?.lowercased() ?? code
  }

  private static func json(_ value: some Encodable) -> String {
    let data = try? ServerJSON.encoder().encode(value)
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// `json`: the text alone.
  struct TextAnswer: Codable, Equatable {
    var text: String
  }

  /// `verbose_json`: OpenAI's verbose transcription, its segments from the cues and, when asked for, its words.
  struct VerboseAnswer: Codable, Equatable {
    var task = "transcribe"
    var language: String
    var duration: Double
    var text: String
    var segments: [Segment]
    var words: [Word]?
    var model: String

    init(_ answer: Answer) {
      language = TranscriptionFormat.languageName(answer.language)
      duration = TranscriptionFormat.rounded(answer.duration)
      text = answer.text
      model = answer.model
      words = answer.words
      segments = answer.cues.enumerated().map { index, cue in
        Segment(
          id: index, start: TranscriptionFormat.rounded(cue.start), end: TranscriptionFormat.rounded(cue.end),
          text: cue.text)
      }
    }
  }

  /// One segment of a verbose answer, with OpenAI's decoding fields at this server's fixed values.
  struct Segment: Codable, Equatable {
    var id: Int
    var seek = 0
    var start: Double
    var end: Double
    var text: String
    var tokens: [Int] = []
    var temperature = 0.0
    var avgLogprob = 0.0
    var compressionRatio = 1.0
    var noSpeechProb = 0.0

    enum CodingKeys: String, CodingKey {
      case id, seek, start, end, text, tokens, temperature
      case avgLogprob = "avg_logprob"
      case compressionRatio = "compression_ratio"
      case noSpeechProb = "no_speech_prob"
    }

    init(id: Int, start: Double, end: Double, text: String) {
      self.id = id
      self.start = start
      self.end = end
      self.text = text
    }
  }
}
