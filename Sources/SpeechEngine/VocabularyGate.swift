import WordMatching

/// Decides whether a first, unprompted transcription may contain one of the personal dictionary's terms, so that
/// the engine is asked again with the terms as a hint only then.
///
/// A prompt changes Whisper's reading of every word, not only the terms ("Wednesday at 10" became "Wednesday 10"
/// with two unrelated terms in the prompt), so speech that says none of them must be decoded without it. A term
/// counts as possibly said when one to three consecutive heard words sound like it: the same `PhoneticKey`, or a
/// key one edit away (two for keys of six sounds or more), starting with the same sound. "cube and eats" may be
/// "Kubernetes"; "quarterly report" is not "Grafana".
public enum VocabularyGate {
  /// True when `heard` (an engine's text) has a word or short run of words that sounds like one of `terms`.
  public static func mayMention(_ heard: String, terms: [String]) -> Bool {
    let keys = terms.map(PhoneticKey.key).filter { $0.count >= 2 }
    guard !keys.isEmpty else { return false }
    let words = heard.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map(String.init)
    let lowered = Set(terms.map { $0.lowercased() })
    for start in words.indices {
      var run = ""
      for end in start..<min(start + 3, words.count) {
        run += words[end]
        if end == start, lowered.contains(words[start].lowercased()) { return true }
        let key = PhoneticKey.key(run)
        if keys.contains(where: { soundsAlike(key, $0) }) { return true }
      }
    }
    return false
  }

  /// Whether each term `hinted` gained stands where `first` heard words that sound like it: a term the hint wrote
  /// over words that do not sound like it (or out of nothing) came from the hint, not the audio, and the hinted
  /// reading is not taken (the decoder's bias toward the terms must never push one into ordinary speech).
  public static func termsSoundLikeWhatTheyReplace(first: String, hinted: String, terms: [String]) -> Bool {
    for case .changed(let heard, let written) in WordAlignment(heard: first, corrected: hinted).steps {
      let spelled = spelledTerms(written.joined(separator: " "), terms: terms)
      guard !spelled.isEmpty else { continue }
      let heardKey = PhoneticKey.key(heard.joined())
      guard !heardKey.isEmpty, spelled.allSatisfy({ soundsAlike(heardKey, PhoneticKey.key($0)) }) else { return false }
    }
    return true
  }

  /// Whether `reading` spells a term that `first` does not.
  public static func gained(_ reading: String, over first: String, terms: [String]) -> Bool {
    !spelledTerms(reading, terms: terms).subtracting(spelledTerms(first, terms: terms)).isEmpty
  }

  /// The terms `text` spells as words (case ignored), lower-cased.
  public static func spelledTerms(_ text: String, terms: [String]) -> Set<String> {
    let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map { $0.lowercased() })
    let spelled = terms.map { $0.lowercased() }.filter { term in
      let parts = term.split(separator: " ")
      return parts.count == 1 ? words.contains(term) : text.lowercased().contains(term)
    }
    return Set(spelled)
  }

  /// Keys equal, or close enough for a misheard name: same first sound, at most one edit (two from six sounds).
  static func soundsAlike(_ heard: String, _ term: String) -> Bool {
    if heard == term { return true }
    guard heard.first == term.first, term.count >= 3 else { return false }
    let allowed = term.count >= 6 ? 2 : 1
    guard abs(heard.count - term.count) <= allowed else { return false }
    return EditDistance.between(Array(heard.utf8), Array(term.utf8), limit: allowed) <= allowed
  }
}
