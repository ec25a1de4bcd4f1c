import Foundation
import SpeechEngine

/// The JSON answer of OpenAI-style transcription endpoints (`json` and `verbose_json`), which Groq, Mistral
/// and local servers share.
struct TranscriptionAnswer: Decodable {
  struct Segment: Decodable {
    var start: Double?
    var end: Double?
    var text: String?
    var avg_logprob: Double?
    var no_speech_prob: Double?
  }
  var text: String?
  var language: String?
  var duration: Double?
  var segments: [Segment]?
  var words: [AnswerWord]?

  /// The answer as a transcript of audio lasting `duration` seconds.
  func transcript(engine: String, model: String, duration audioDuration: Double, requestedLanguage: String?)
    -> Transcript
  {
    let fullText = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let words = (self.words ?? []).compactMap { word -> TranscriptWord? in
      guard let text = word.word?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
      return word.transcriptWord(text)
    }
    var segments: [TranscriptSegment] = (self.segments ?? []).compactMap { segment in
      let text = (segment.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return nil }
      let start = segment.start ?? 0
      let end = segment.end ?? start
      return TranscriptSegment(
        text: text, start: start, end: end,
        confidence: segment.avg_logprob.map { min(1, max(0, exp($0))) } ?? 1,
        noSpeechProbability: segment.no_speech_prob,
        words: words.filter { $0.start >= start && $0.start < max(end, start + 0.001) })
    }
    if segments.isEmpty && !fullText.isEmpty {
      segments = [
        TranscriptSegment(text: fullText, start: 0, end: duration ?? audioDuration, confidence: 1, words: words)
      ]
    }
    return Transcript(
      text: fullText, segments: segments, language: LanguageCode.iso(language) ?? requestedLanguage, engine: engine,
      model: model)
  }
}

/// A timed word as transcription APIs send it: OpenAI's `words` (word, start, end) and Deepgram's
/// `alternatives[].words`, which add the word as written and a confidence.
struct AnswerWord: Decodable {
  var word: String?
  /// Deepgram's word with its punctuation and capitals (`smart_format`).
  var punctuated_word: String?
  var start: Double?
  var end: Double?
  var confidence: Double?

  /// The word as a transcript's, spelled `text`: a missing end is its start, a missing confidence 1.
  func transcriptWord(_ text: String) -> TranscriptWord {
    TranscriptWord(text: text, start: start ?? 0, end: end ?? start ?? 0, confidence: confidence ?? 1)
  }
}

/// Turns the language names some APIs return ("english") into ISO 639-1 codes.
enum LanguageCode {
  static let byName: [String: String] = [
    "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt",
    "dutch": "nl", "russian": "ru", "chinese": "zh", "japanese": "ja", "korean": "ko", "arabic": "ar",
    "hindi": "hi", "turkish": "tr", "polish": "pl", "swedish": "sv", "danish": "da", "norwegian": "no",
    "finnish": "fi", "czech": "cs", "greek": "el", "hebrew": "he", "ukrainian": "uk", "vietnamese": "vi",
    "indonesian": "id", "thai": "th", "romanian": "ro", "hungarian": "hu", "catalan": "ca", "malay": "ms",
  ]

  /// `value` as an ISO 639-1 code: kept when it already is one (`en`, `en-US` → `en`), looked up when it is a
  /// language name, nil otherwise.
  static func iso(_ value: String?) -> String? {
    guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return nil }
    if let code = byName[value] { return code }
    let base = value.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? value
    return base.count == 2 && base.allSatisfy(\.isLetter) ? base : nil
  }
}

/// Splits long audio into pieces an upload limit accepts.
enum AudioPieces {
  /// `samples` cut into consecutive pieces of at most `maxSeconds`, with each piece's start in seconds.
  static func split(_ samples: [Float], maxSeconds: Double) -> [(samples: ArraySlice<Float>, offset: Double)] {
    let size = max(1, Int(maxSeconds * Double(engineSampleRate)))
    return stride(from: 0, to: samples.count, by: size).map { start in
      (samples[start..<min(start + size, samples.count)], Double(start) / Double(engineSampleRate))
    }
  }

  /// Transcribes `samples` piece by piece with `transcribePiece` and joins the results in recording time.
  /// Under 0.1 s there is nothing to hear (and APIs reject such files): the transcript is empty.
  static func transcribe(
    _ samples: [Float], maxSeconds: Double, engine: any SpeechEngine, language: String?,
    transcribePiece: ([Float]) async throws -> Transcript
  ) async throws -> Transcript {
    guard samples.count >= engineSampleRate / 10 else {
      return .empty(engine: engine.id, model: engine.model, language: language)
    }
    let pieces = split(samples, maxSeconds: maxSeconds)
    var parts: [Transcript] = []
    for piece in pieces { parts.append(try await transcribePiece(Array(piece.samples))) }
    if parts.count == 1, let only = parts.first { return only }
    return Transcript.joined(parts, offsets: pieces.map(\.offset), engine: engine.id, model: engine.model)
  }
}
