import DictationValues
import WordMatching
/// Writes personal-dictionary terms the user's way: exact and multi-word terms ("github" → "GitHub"),
/// spelled or split forms ("i o s" → "iOS", "git hub" → "GitHub"), explicit replacements, and phrases
/// that sound like a term ("cooper netties" → "Kubernetes").
public struct DictionaryReplacement: TextStage {
  public let name = "dictionary"

  /// A word sequence that becomes a term.
  struct Phrase: Sendable {
    var words: [String]
    var term: Int
  }

  /// The preferred spellings.
  let terms: [String]
  /// Exact phrases (terms and replacements) by their first word, longest first.
  let phrases: [String: [Phrase]]
  /// Terms by their letters and digits only ("ios", "github"), for spelled and split forms.
  let compact: [String: Int]
  /// Terms by sound key, for entries that allow matching by sound.
  let sounds: [String: Int]
  /// The letter count of each term, to reject sound matches of a very different length.
  let termLengths: [Int]
  /// The most words a spelled, split or sound-alike form may span.
  let maxWords: Int

  /// The shortest sound key that may match: shorter keys ("KLT" for Claude/cloud) collide too often.
  static let minimumKeyLength = 4

  /// Precomputes the lookup tables for `entries`.
  public init(entries: [DictionaryEntry]) {
    var terms: [String] = []
    var phrases: [String: [Phrase]] = [:]
    var compact: [String: Int] = [:]
    var sounds: [String: Int] = [:]
    var termLengths: [Int] = []
    var maxWords = 1
    for entry in entries {
      let term = entry.term.trimmingWhitespace()
      guard !term.isEmpty else { continue }
      let index = terms.count
      terms.append(term)
      let letters = Self.normalized(term)
      termLengths.append(letters.count)
      for form in [term] + entry.replacements {
        let parts = form.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let words = parts.map { Self.normalized($0) }.filter { !$0.isEmpty }
        guard let first = words.first else { continue }
        // "C++" would otherwise match every "c": a form that is mostly symbols is not a spoken form.
        if words.count == 1, first.count < 2, parts.joined().count > first.count { continue }
        phrases[first, default: []].append(Phrase(words: words, term: index))
        maxWords = max(maxWords, words.count)
      }
      if letters.count >= 2, compact[letters] == nil { compact[letters] = index }
      maxWords = max(maxWords, min(letters.count, 6))
      if entry.matchBySound, !WordLists.commonWords.contains(letters) {
        let key = PhoneticKey.key(term)
        if key.count >= Self.minimumKeyLength, sounds[key] == nil { sounds[key] = index }
      }
    }
    for key in phrases.keys { phrases[key]?.sort { $0.words.count > $1.words.count } }
    self.terms = terms
    self.phrases = phrases
    self.compact = compact
    self.sounds = sounds
    self.termLengths = termLengths
    self.maxWords = min(maxWords, 6)
  }

  /// A lower-case word with only its letters and digits, without copying plain ASCII words.
  static func normalized(lower: String) -> String {
    let plain = lower.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
    }
    return plain ? lower : normalized(lower)
  }

  /// `text` in lower case with only its letters and digits.
  static func normalized(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    guard !terms.isEmpty else { return }
    // Each token's comparable form, or nil when it may not take part in a match.
    var words: [String?] = document.tokens.map { candidate($0) ? Self.normalized(lower: $0.lower) : nil }
    var i = 0
    while i < document.tokens.count {
      if let (length, term, suffix) = match(at: i, words: words, tokens: document.tokens) {
        let spaceBefore = document.tokens[i].spaceBefore
        let token = TextToken(terms[term] + suffix, kind: .word, spaceBefore: spaceBefore, isFixedCase: true)
        document.tokens.replaceSubrange(i..<(i + length), with: [token])
        words.replaceSubrange(i..<(i + length), with: [nil])
      }
      i += 1
    }
  }

  /// The length, term and kept suffix ("'s") of the best match starting at `index`: exact phrases first,
  /// then spelled or split forms, then sound.
  private func match(at index: Int, words all: [String?], tokens: [TextToken]) -> (Int, Int, String)? {
    guard let first = all[index], !first.isEmpty else { return nil }
    var words: [String] = [first]
    var j = index + 1
    while j < all.count, words.count < maxWords, let word = all[j], !word.isEmpty {
      words.append(word)
      j += 1
    }
    if let found = phrases[first]?.first(where: { $0.words.count <= words.count && words.starts(with: $0.words) }) {
      // A common word whose term differs only in case ("us" → "US") keeps the word.
      if found.words.count > 1 || !isCommon(first) || !isCaseOnlyDifference(first, found.term) {
        return (found.words.count, found.term, "")
      }
    }
    if let possessive = possessiveMatch(tokens[index]) { return (1, possessive.0, possessive.1) }
    if let spelled = compactMatch(words) { return spelled }
    return soundMatch(words)
  }

  /// Whether `token` may be part of a dictionary match: a plain word, not already a term or code.
  private func candidate(_ token: TextToken) -> Bool {
    token.isWord && !token.isFixedCase && !CodeLikeWords.isCodeLike(token.text)
  }

  /// Whether `word` is a common English word, which a term never replaces unless spelled exactly.
  private func isCommon(_ word: String) -> Bool { WordLists.commonWords.contains(word) }

  /// Whether the term differs from `word` only by letter case ("us" → "US"), so a common word keeps its case.
  private func isCaseOnlyDifference(_ word: String, _ term: Int) -> Bool {
    Self.normalized(terms[term]) == word
  }

  /// "github's" → ("GitHub", "'s").
  private func possessiveMatch(_ token: TextToken) -> (Int, String)? {
    let lower = token.lower
    for suffix in ["'s", "’s"] where lower.hasSuffix(suffix) {
      let base = Self.normalized(String(lower.dropLast(suffix.count)))
      if let phrase = phrases[base]?.first(where: { $0.words.count == 1 }), !isCommon(base) {
        return (phrase.term, String(token.text.suffix(suffix.count)))
      }
    }
    return nil
  }

  /// A term spelled letter by letter ("i o s") or split into words ("git hub").
  private func compactMatch(_ words: [String]) -> (Int, Int, String)? {
    guard words.count > 1 else { return nil }
    for n in stride(from: words.count, through: 2, by: -1) {
      let part = words.prefix(n)
      let joined = part.joined()
      guard let term = compact[joined] else { continue }
      let spelled = part.allSatisfy { $0.count == 1 }
      // "a i" is more likely the words "a" and "I" than the term "AI".
      if spelled && part.allSatisfy({ $0 == "a" || $0 == "i" }) { continue }
      if !spelled && part.allSatisfy(isCommon) { continue }
      return (n, term, "")
    }
    return nil
  }

  /// A phrase that sounds like a term, guarded against common words and very different lengths.
  private func soundMatch(_ words: [String]) -> (Int, Int, String)? {
    guard !sounds.isEmpty else { return nil }
    for n in stride(from: min(words.count, 3), through: 1, by: -1) {
      let part = words.prefix(n)
      // Every letter counts in the key, so a function word at an edge rarely matches by accident.
      if part.allSatisfy(isCommon) { continue }
      if part.contains(where: { $0.first?.isNumber == true }) { continue }
      let joined = part.joined()
      let key = PhoneticKey.key(joined)
      guard key.count >= Self.minimumKeyLength, let term = sounds[key] else { continue }
      let ratio = Double(joined.count) / Double(max(termLengths[term], 1))
      guard ratio >= 0.6, ratio <= 1.7 else { continue }
      return (n, term, "")
    }
    return nil
  }
}
