/// One recognised word (or sub-word token group) with its timing in seconds and confidence in 0...1.
public struct TranscriptWord: Sendable, Hashable, Codable {
  public var text: String
  public var start: Double
  public var end: Double
  public var confidence: Double

  public init(text: String, start: Double, end: Double, confidence: Double) {
    self.text = text
    self.start = start
    self.end = end
    self.confidence = confidence
  }
}

/// A stretch of recognised speech with its words.
public struct TranscriptSegment: Sendable, Hashable, Codable {
  public var text: String
  public var start: Double
  public var end: Double
  /// Mean word confidence in 0...1.
  public var confidence: Double
  /// The engine's estimate that this segment holds no speech, when it has one.
  public var noSpeechProbability: Double?
  public var words: [TranscriptWord]

  public init(
    text: String, start: Double, end: Double, confidence: Double, noSpeechProbability: Double? = nil,
    words: [TranscriptWord] = []
  ) {
    self.text = text
    self.start = start
    self.end = end
    self.confidence = confidence
    self.noSpeechProbability = noSpeechProbability
    self.words = words
  }
}

/// What an engine heard in one piece of audio.
public struct Transcript: Sendable, Hashable, Codable {
  public var text: String
  public var segments: [TranscriptSegment]
  /// ISO 639-1 code of the spoken language, when known.
  public var language: String?
  public var engine: String
  public var model: String
  /// The learned forms a second reading of the audio wrote as their terms (`I am → Niamh`), for the trace.
  public var learned: [String] = []

  public init(text: String, segments: [TranscriptSegment], language: String?, engine: String, model: String) {
    self.text = text
    self.segments = segments
    self.language = language
    self.engine = engine
    self.model = model
  }

  /// A transcript of nothing: what silence must produce.
  public static func empty(engine: String, model: String, language: String? = nil) -> Transcript {
    Transcript(text: "", segments: [], language: language, engine: engine, model: model)
  }

  /// Joins transcripts of consecutive pieces of audio; `offsets[i]` is where piece `i` starts, in seconds.
  public static func joined(_ parts: [Transcript], offsets: [Double], engine: String, model: String) -> Transcript {
    var segments: [TranscriptSegment] = []
    for (part, offset) in zip(parts, offsets) {
      for var segment in part.segments {
        segment.start += offset
        segment.end += offset
        segment.words = segment.words.map {
          TranscriptWord(text: $0.text, start: $0.start + offset, end: $0.end + offset, confidence: $0.confidence)
        }
        segments.append(segment)
      }
    }
    let text = parts.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    var joined = Transcript(
      text: text, segments: segments, language: parts.compactMap(\.language).first, engine: engine, model: model)
    joined.learned = parts.flatMap(\.learned).uniqued()
    return joined
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
