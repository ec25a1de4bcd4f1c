/// Drops what speech engines invent when there is no speech: Whisper writes "Thank you." or "[BLANK_AUDIO]"
/// over silence and noise. Callers already keep silence away from engines; this catches what slips through.
public enum HallucinationGuard {
  /// Phrases Whisper is known to produce from near-silence, normalised (lower case, no punctuation).
  public static let phantomPhrases: Set<String> = [
    "thank you", "thank you very much", "thank you so much", "thanks", "thanks for watching",
    "thank you for watching", "thank you so much for watching", "thanks for listening", "thank you for listening",
    "please subscribe", "like and subscribe", "subscribe to my channel", "subtitles by the amara org community",
    "you", "bye", "bye bye", "the end", "oh", "so", "um", "uh", "hmm",
  ]

  /// Minimum no-speech probability (or maximum confidence) at which a phantom phrase is treated as invented.
  public static let noSpeechThreshold = 0.3
  public static let lowConfidence = 0.5

  /// The transcript without invented segments; its text is rebuilt from what remains.
  public static func clean(_ transcript: Transcript, voicedSeconds: Double? = nil) -> Transcript {
    guard !transcript.segments.isEmpty else {
      // An engine without segments (a cloud engine's plain text): judge the whole text as one segment.
      let whole = TranscriptSegment(text: transcript.text, start: 0, end: voicedSeconds ?? 0, confidence: 1)
      guard !transcript.text.isEmpty, isInvented(whole, voicedSeconds: voicedSeconds) else { return transcript }
      var cleaned = transcript
      cleaned.text = ""
      return cleaned
    }
    let kept = transcript.segments.filter { !isInvented($0, voicedSeconds: voicedSeconds) }
    guard kept.count != transcript.segments.count else { return transcript }
    var cleaned = transcript
    cleaned.segments = kept
    cleaned.text = kept.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    return cleaned
  }

  /// Whether `segment` is a known phantom output rather than something said.
  public static func isInvented(_ segment: TranscriptSegment, voicedSeconds: Double? = nil) -> Bool {
    let text = segment.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty || isAnnotation(text) { return true }
    let normalised = normalise(text)
    if normalised.isEmpty { return true }
    guard phantomPhrases.contains(normalised) else { return false }
    let unsure = (segment.noSpeechProbability ?? 0) >= noSpeechThreshold || segment.confidence < lowConfidence
    // A phantom phrase from a sliver of voiced audio (a cough, a click) is invented too.
    let tooShort = (voicedSeconds ?? .infinity) < 0.4
    return unsure || tooShort
  }

  /// "[BLANK_AUDIO]", "(music)", "♪♪", "*laughs*": descriptions of sound, not words.
  static func isAnnotation(_ text: String) -> Bool {
    let musical: Set<Character> = ["♪", "♫", "♬", "🎵", "🎶"]
    if text.allSatisfy({ musical.contains($0) || $0 == " " }) { return true }
    let pairs: [(Character, Character)] = [("[", "]"), ("(", ")"), ("*", "*")]
    return pairs.contains { open, close in
      text.first == open && text.last == close && text.count > 2
        && !text.dropFirst().dropLast().contains(open)
    }
  }

  static func normalise(_ text: String) -> String {
    String(text.lowercased().map { $0.isLetter || $0.isNumber || $0 == "'" ? $0 : " " })
      .split(separator: " ").joined(separator: " ")
  }
}

extension HallucinationGuard {
  /// `text` up to where it starts saying the same words over again ("Please send. Please send. Please…" →
  /// "Please send."): what a quick draft, its encoder fitted to the audio, does when it loses its place. A phrase of
  /// up to eight words said twice in a row ends the text after its first time; a single word needs three times
  /// ("very very" is said, "no no no" rarely twice over).
  public static func cutLoop(_ text: String) -> String {
    let words = text.split(separator: " ")
    let keys = words.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } }
    for end in words.indices {
      for length in 1...8 where end + 1 >= length * 2 {
        let repeats = length == 1 ? 3 : 2
        guard end + 1 >= length * repeats else { continue }
        let start = end + 1 - length * repeats
        let first = keys[start..<(start + length)]
        guard !first.allSatisfy(\.isEmpty) else { continue }
        if (1..<repeats).allSatisfy({ keys[(start + $0 * length)..<(start + ($0 + 1) * length)].elementsEqual(first) })
        {
          return words[..<(start + length)].joined(separator: " ")
        }
      }
    }
    return text
  }
}
