import Foundation
import SpeechEngine

/// How Utter asks WhisperKit to read a dictation, and how WhisperKit's results become our transcript. The app builds
/// WhisperKit's `DecodingOptions` field by field from this value (the thresholds are WhisperKit 1.0.0's and
/// OpenAI Whisper's defaults, stated here so a change is a decision in a tested module) and hands its segments to `transcript`.
public struct WhisperDecoding: Sendable, Hashable {
  /// The spoken language; nil lets Whisper detect it.
  public var language: String?
  /// Whether Whisper detects the language (when none is set).
  public var detectLanguage: Bool
  /// Greedy decoding: the same audio always reads the same.
  public var temperature: Float = 0
  /// Special tokens (timestamps, language tags) never reach the text.
  public var skipSpecialTokens = true
  /// Word timings and probabilities: the vocabulary gate and learning judge words by them.
  public var wordTimestamps = true
  /// Long audio is cut at pauses (WhisperKit's `.vad` chunking), never mid-word.
  public var chunksAtPauses = true
  /// A window whose text compresses more than this (gzip ratio) is a loop: decoded again hotter, else dropped.
  public var compressionRatioThreshold: Float = 2.4
  /// A window whose mean token log-probability is below this is decoded again hotter.
  public var logProbThreshold: Float = -1.0
  /// A window whose first token is less likely than this is not trusted to start speech.
  public var firstTokenLogProbThreshold: Float = -1.5
  /// A window more likely silence than this (with a low log-probability) is skipped as no speech.
  public var noSpeechThreshold: Float = 0.6
  /// The text that primes the decoder (vocabulary, the field's context), with the leading space Whisper expects.
  public var prompt: String?

  /// The decoding for `options`.
  public init(_ options: TranscriptionOptions) {
    language = options.language
    detectLanguage = options.language == nil
    prompt = options.combinedPrompt.map { " " + $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Whisper's prompt is a list of text tokens: special tokens (from `specialTokenBegin` on) would derail decoding.
  public static func promptTokens(_ tokens: [Int], specialTokenBegin: Int) -> [Int] {
    tokens.filter { $0 < specialTokenBegin }
  }

  /// One segment as WhisperKit reads it.
  public struct Segment: Sendable, Hashable {
    public var text: String
    public var start: Double
    public var end: Double
    /// The mean log-probability of the segment's tokens.
    public var averageLogProbability: Double
    public var noSpeechProbability: Double
    /// Each word with its start, end and probability.
    public var words: [(text: String, start: Double, end: Double, probability: Double)]

    public init(
      text: String, start: Double, end: Double, averageLogProbability: Double, noSpeechProbability: Double,
      words: [(text: String, start: Double, end: Double, probability: Double)]
    ) {
      (self.text, self.start, self.end) = (text, start, end)
      (self.averageLogProbability, self.noSpeechProbability, self.words) =
        (averageLogProbability, noSpeechProbability, words)
    }

    public static func == (lhs: Segment, rhs: Segment) -> Bool {
      lhs.text == rhs.text && lhs.start == rhs.start && lhs.end == rhs.end
        && lhs.averageLogProbability == rhs.averageLogProbability && lhs.noSpeechProbability == rhs.noSpeechProbability
        && lhs.words.map(\.text) == rhs.words.map(\.text)
        && lhs.words.map(\.probability) == rhs.words.map(\.probability)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  }

  /// A segment's confidence: its words' mean probability, or (no words) the probability its mean log-probability
  /// stands for.
  public static func confidence(of segment: Segment) -> Double {
    let words = segment.words
    return words.isEmpty
      ? exp(segment.averageLogProbability) : words.map(\.probability).reduce(0, +) / Double(words.count)
  }

  /// Our transcript from WhisperKit's results: `texts` (one per result) joined, segments with trimmed words.
  public static func transcript(
    texts: [String], segments: [Segment], language: String?, engine: String, model: String
  ) -> Transcript {
    let segments = segments.map { segment in
      TranscriptSegment(
        text: segment.text.trimmingCharacters(in: .whitespaces), start: segment.start, end: segment.end,
        confidence: confidence(of: segment), noSpeechProbability: segment.noSpeechProbability,
        words: segment.words.map {
          TranscriptWord(
            text: $0.text.trimmingCharacters(in: .whitespaces), start: $0.start, end: $0.end,
            confidence: $0.probability)
        })
    }
    let text = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
      .joined(separator: " ")
    return Transcript(text: text, segments: segments, language: language, engine: engine, model: model)
  }
}
