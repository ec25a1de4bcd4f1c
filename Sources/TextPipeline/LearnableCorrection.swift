import WordMatching

/// A correction worth learning: the user fixed a word the engine misheard, not a word they changed their mind about.
///
/// A substitution is a candidate when the new form is another spelling of the same word (`iphone` → `iPhone`,
/// `git hub` → `GitHub`), or a name or term (it has a capital or a digit) that sounds like what was heard. Whether
/// it sounds so is judged first by the audio (read again with the corrected words as the prompt, the engine writes
/// them: `heardInAudio`), then by the spelling (`PhoneticKey`); either is enough, so a name whose spelling does not
/// follow its sound (Siobhan, Nguyen) is learned when the audio bears it out. Common or lower-case words written in
/// place of others (`lunch` → `dinner`, `prevent` → `present`) are a change of mind. When the heard form holds a
/// common word (`I am` → `Niamh`, `Cuba meets` → `Kubernetes`) or is one plain lower-case word (`code` → `Xcode`),
/// no rule rewrites those words: only a new dictation's audio can make them the term, next to the words heard
/// around them before (`LearnedForm.guarded`).
public struct LearnableCorrection: Sendable, Hashable {
  /// Why the correction looks like a recognition error.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// The new form sounds like what was heard (a name or jargon misheard).
    case soundsAlike = "sounds-alike"
    /// The same letters written another way: case, joined or split words.
    case spelling
    /// Not a recognition error (kept only to show the user why it was not learned).
    case notLearned = "not-learned"
  }

  /// The words as heard, e.g. `Shivor`.
  public var heard: String
  /// The user's form, e.g. `Siobhan`.
  public var corrected: String
  public var kind: Kind
  /// Whether the heard form may become the term wherever it is heard; false when it is common words.
  public var replacesHeard: Bool
  /// Why it counts as a recognition error, in words (the dictionary screen and `utter dictionary suggestions`
  /// show it).
  public var evidence: String

  public init(heard: String, corrected: String, kind: Kind, replacesHeard: Bool, evidence: String = "") {
    self.heard = heard
    self.corrected = corrected
    self.kind = kind
    self.replacesHeard = replacesHeard
    self.evidence = evidence
  }

  /// What to do with one substitution.
  public enum Verdict: Sendable, Hashable {
    case learn(LearnableCorrection)
    /// Not a recognition error, and why (one line).
    case reject(String)

    /// The correction, when it is one to learn.
    public var correction: LearnableCorrection? {
      if case .learn(let correction) = self { return correction }
      return nil
    }
  }

  /// The longest form, in characters, that can be learned.
  public static let maxCharacters = 48

  /// Judges one substitution from `WordAlignment`; `heardInAudio` says whether the dictation's audio, read again
  /// with the corrected words as the prompt, wrote them (nil: the audio could not be read again).
  public static func judge(_ substitution: WordSubstitution, heardInAudio: Bool? = nil) -> Verdict {
    let heardWords = WordAlignment.words(substitution.heard)
    let correctedWords = WordAlignment.words(substitution.corrected)
    let heard = heardWords.joined(separator: " ")
    let corrected = correctedWords.joined(separator: " ")
    guard !heardWords.isEmpty, !correctedWords.isEmpty else { return .reject("an insertion or a deletion") }
    guard heardWords.count <= WordAlignment.maxChangeWords, correctedWords.count <= WordAlignment.maxChangeWords,
      heard.count <= maxCharacters, corrected.count <= maxCharacters
    else { return .reject("too long to be a misheard word") }
    guard heard != corrected else { return .reject("punctuation only") }
    guard corrected.contains(where: \.isLetter) else { return .reject("no letters in the new form") }
    let heardLetters = WordAlignment.matchKey(heard)
    let correctedLetters = WordAlignment.matchKey(corrected)
    if heardLetters == correctedLetters {
      // Capitalising a common word is sentence casing, not the way the user writes a term.
      if correctedWords.count == 1, isCommon(corrected) { return .reject("casing of a common word") }
      return .learn(
        LearnableCorrection(
          heard: heard, corrected: corrected, kind: .spelling, replacesHeard: true,
          evidence: "the same letters, written the user's way"))
    }
    if correctedWords.allSatisfy(isCommon) { return .reject("common words: a change of mind") }
    // NB: without a lexicon, a capital or a digit is what tells a name, an acronym or a product from an ordinary
    // word ("prevent" → "present" is a change of mind even though it sounds alike).
    guard corrected.contains(where: { $0.isUppercase || $0.isNumber }) else {
      return .reject("an ordinary lower-case word, not a name or a term")
    }
    let spelledAlike = soundsAlike(PhoneticKey.key(heard), PhoneticKey.key(corrected))
    let evidence: String
    switch (heardInAudio, spelledAlike) {
    case (true, _): evidence = "the audio, read again with it as the prompt, says '\(corrected)'"
    case (_, true): evidence = "spelled like what was heard"
    case (false, false):
      return .reject(
        "does not sound like what was heard: read again with it as the prompt, the audio still says '\(heard)'")
    case (nil, false):
      return .reject("does not sound like what was heard (by spelling; the audio could not be read again)")
    }
    return .learn(
      LearnableCorrection(
        heard: heard, corrected: corrected, kind: .soundsAlike,
        replacesHeard: !heardWords.contains(where: isCommon) && !mayBeOrdinaryWord(heardWords), evidence: evidence))
  }

  /// Whether the heard form may be an ordinary English word: one plain lower-case word (`code`, `free`). Replacing
  /// it everywhere would rewrite speech that meant it, so the term is then only a hint for the engine.
  static func mayBeOrdinaryWord(_ words: [String]) -> Bool {
    guard words.count == 1, let word = words.first else { return false }
    return word.allSatisfy { $0.isLowercase || $0 == "'" }
  }

  /// The corrections to learn from an alignment; none from a rewritten span.
  public static func candidates(in alignment: WordAlignment) -> [LearnableCorrection] {
    guard !alignment.isRewrite else { return [] }
    return alignment.substitutions.compactMap { judge($0).correction }
  }

  /// Whether `word` is a common English word, a day or a month (never replaced by a learned rule).
  static func isCommon(_ word: String) -> Bool {
    let lower = word.lowercased()
    return WordLists.commonWords.contains(lower) || WordLists.calendarNames.contains(lower)
  }

  /// Sound keys close enough for a misheard word: equal; at most one edit per two sounds of the shorter key (`I am`
  /// AM, `Niamh` NM); or the same first sound and not every other sound different (`Shivor` XFR, `Siobhan` XPHN).
  static func soundsAlike(_ a: String, _ b: String) -> Bool {
    guard !a.isEmpty, !b.isEmpty else { return false }
    if a == b { return true }
    let distance = EditDistance.between(Array(a.utf8), Array(b.utf8), limit: max(a.count, b.count))
    if distance <= max(1, min(a.count, b.count) / 2) { return true }
    return a.first == b.first && distance <= max(a.count, b.count) - 1
  }
}
