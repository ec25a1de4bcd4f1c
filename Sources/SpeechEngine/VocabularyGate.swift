import WordMatching

/// Whether heard words may be one of the personal dictionary's terms, by sound, and which terms a text spells.
///
/// A prompt changes Whisper's reading of every word, not only the terms ("Wednesday at 10" became "Wednesday 10"
/// with two unrelated terms in the prompt), so the engine is asked again with a term only where one to three
/// consecutive heard words sound like it (`TermSplice`): the same `PhoneticKey`, or a key one edit away (two for keys
/// of six sounds or more), starting with the same sound. "cube and eats" may be "Kubernetes"; "quarterly report" is
/// not "Grafana".
public enum VocabularyGate {
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
