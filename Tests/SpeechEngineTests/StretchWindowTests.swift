import AudioInput
import Testing

@testable import SpeechEngine

@Suite("Stretch windows: one engine call per stretch of speech, joined as one text")
struct StretchWindowTests {
  static let rate = Double(engineSampleRate)

  static func sample(_ seconds: Double) -> Int { Int(seconds * rate) }

  static func segment(_ start: Double, _ end: Double) -> SpeechSegment {
    SpeechSegment(startSample: sample(start), endSample: sample(end))
  }

  /// A reading whose words are timed as given (recording seconds).
  static func reading(_ words: [(String, Double)]) -> Transcript {
    let timed = words.map { TranscriptWord(text: $0.0, start: $0.1, end: $0.1 + 0.2, confidence: 0.9) }
    let text = timed.map(\.text).joined(separator: " ")
    return Transcript(
      text: text,
      segments: [
        TranscriptSegment(
          text: text, start: timed.first?.start ?? 0, end: timed.last?.end ?? 0, confidence: 0.9, words: timed)
      ], language: "en", engine: "test", model: "test")
  }

  @Test("each stretch is a window that starts with the stretch before it and the pause between them")
  func windowsCarryThePreviousStretch() {
    let audio = [Float](repeating: 0.1, count: Self.sample(8))
    let windows = VoicedTranscription().windows(
      for: audio, segments: [Self.segment(1, 2), Self.segment(3, 4.5), Self.segment(7, 7.5)])
    #expect(windows.count == 3)
    #expect(windows[0].sourceRanges == [Self.sample(0.7)..<Self.sample(2)], "0.3 s lead-in, nothing after")
    #expect(windows[0].boundary == nil)
    #expect(windows[1].sourceRanges == [Self.sample(0.7)..<Self.sample(2), Self.sample(2)..<Self.sample(4.5)])
    #expect(windows[1].ownStart == Self.sample(2))
    #expect(windows[1].boundary == 2.5)
    // A pause longer than a second is cut to one second.
    #expect(windows[2].sourceRanges == [Self.sample(2)..<Self.sample(4.5), Self.sample(6)..<Self.sample(7.5)])
    #expect(windows[2].samples.count == Self.sample(2.5) + Self.sample(1.5))
    #expect(windows[2].boundary == 5.75)
  }

  @Test("a long stretch before is read only for its last seconds, and no window exceeds the engine's")
  func contextIsBounded() {
    let audio = [Float](repeating: 0.1, count: Self.sample(40))
    let windows = VoicedTranscription().windows(
      for: audio, segments: [Self.segment(0.5, 20.5), Self.segment(21, 38)])
    #expect(windows.count == 2)
    #expect(windows[1].sourceRanges.first == Self.sample(20.5 - 2.5)..<Self.sample(20.5))
    #expect(windows.allSatisfy { $0.samples.count <= Self.sample(28) })
    let long = VoicedTranscription().windows(for: audio, segments: [Self.segment(0.5, 20.5), Self.segment(21, 39.9)])
    #expect(long[1].samples.count <= Self.sample(28))
  }

  @Test("cloud windowing packs stretches into one call and reads nothing twice")
  func filledWindows() {
    let audio = [Float](repeating: 0.1, count: Self.sample(8))
    let windows = VoicedTranscription(windowing: .filled).windows(
      for: audio, segments: [Self.segment(1, 2), Self.segment(3, 4.5)])
    #expect(windows.count == 1)
    #expect(windows[0].boundary == nil)
    #expect(windows[0].sourceRanges == [Self.sample(0.7)..<Self.sample(2.3), Self.sample(2.3)..<Self.sample(4.8)])
  }

  @Test("the join keeps each window's own words and the punctuation heard once the next stretch was known")
  func joinDropsContextWords() {
    let audio = [Float](repeating: 0.1, count: Self.sample(6))
    let windows = VoicedTranscription().windows(for: audio, segments: [Self.segment(0.5, 2), Self.segment(3, 4.5)])
    let first = Self.reading([("I", 0.5), ("want", 0.7), ("a", 1.1), ("flight", 1.3), ("to.", 1.7)])
    // NB: "to" timed after the pause, as Whisper often does: the words, not the time, place it.
    let second = Self.reading([
      ("I", 0.5), ("want", 0.7), ("a", 1.1), ("flight", 1.3), ("to", 2.6), ("Boston", 3.0), ("on", 3.5),
      ("Friday.", 3.8),
    ])
    let joined = VoicedTranscription().joinedSegments([(windows[0], first), (windows[1], second)])
    #expect(joined.map(\.text).joined(separator: " ") == "I want a flight to Boston on Friday.")
    #expect(joined.last?.words.first?.text == "Boston")
  }

  @Test("a context read with another spelling still splits at the right word; a full stop heard is kept")
  func joinToleratesSpelling() {
    let audio = [Float](repeating: 0.1, count: Self.sample(6))
    let windows = VoicedTranscription().windows(for: audio, segments: [Self.segment(0.5, 2), Self.segment(3, 4.5)])
    let first = Self.reading([("My", 0.5), ("favourite", 0.8), ("book.", 1.5)])
    let second = Self.reading([
      ("My", 0.5), ("favorite", 0.8), ("book.", 2.6), ("It", 3.0), ("is", 3.3), ("long.", 3.8),
    ])
    let joined = VoicedTranscription().joinedSegments([(windows[0], first), (windows[1], second)])
    #expect(joined.map(\.text).joined(separator: " ") == "My favourite book. It is long.")
  }

  @Test("a window that heard none of its context keeps all its words and leaves the earlier text alone")
  func joinWithoutContextWords() {
    let audio = [Float](repeating: 0.1, count: Self.sample(6))
    let windows = VoicedTranscription().windows(for: audio, segments: [Self.segment(0.5, 2), Self.segment(3, 4.5)])
    let first = Self.reading([("Hello", 0.6), ("there.", 1.2)])
    let second = Self.reading([("General", 3.1), ("Kenobi.", 3.6)])
    let joined = VoicedTranscription().joinedSegments([(windows[0], first), (windows[1], second)])
    #expect(joined.map(\.text).joined(separator: " ") == "Hello there. General Kenobi.")
  }

  @Test("the alignment cost counts missing, extra and respelled words")
  func alignmentCosts() {
    #expect(WindowSplit.alignmentCosts(["a", "b", "c"], against: ["a", "b"]) == [2, 1, 0, 1])
    #expect(WindowSplit.difference("favourite", "favorite") == 0.5)
    #expect(WindowSplit.difference("to", "two") == 1)
    #expect(WindowSplit.trailingPunctuation("plans.") == ".")
    #expect(WindowSplit.trailingPunctuation("plans") == "")
  }
}
