import WordMatching

/// Takes from a second reading of the audio (prompted with the terms, or with the decoder raising them) only the
/// changes that write one of the user's terms where the first reading heard words that may be it, and leaves every
/// other word as first read.
///
/// Words may be a term when a run of one to three of them sounds like it (`VocabularyGate`), or when they are a form
/// the engine wrote for it before and the user corrected (`LearnedForm`; one that is an ordinary phrase only next to
/// a word heard around it then). A change that writes a term carries the words the second reading heard with it
/// ("graph modeling" → "Grafana link"), at most `maxChangeWords` on either side; a change that writes no term, or a
/// term out of nothing or over words unlike it, is not taken. So a second reading can put a term where the audio says
/// it, and never rewrites speech that says none. A word of the second reading that sounds exactly like a long term
/// is that term, misspelled (`soundSpelling`).
public enum TermSplice {
  /// The most words on either side of a change that is taken.
  public static let maxChangeWords = 5

  /// `base` with the changes of `reading` that write a term of `terms` over words that may be it, and those changes
  /// as `heard → written` (for the trace); nil when none is taken.
  public static func splice(
    _ reading: Transcript, onto base: Transcript, terms: [String], forms: [LearnedForm] = []
  ) -> (transcript: Transcript, taken: [String])? {
    let words = WordAlignment.words(base.text)
    let keys = words.map(WordAlignment.matchKey)
    var replacements: [(range: Range<Int>, words: [String])] = []
    var taken: [String] = []
    var index = 0
    for step in WordAlignment(heard: base.text, corrected: reading.text).steps {
      guard case .changed(let heard, let read) = step else {
        index += 1
        continue
      }
      let written = read.map { soundSpelling(of: $0, terms: terms) ?? $0 }
      defer { index += heard.count }
      guard !heard.isEmpty, !written.isEmpty, heard.count <= maxChangeWords, written.count <= maxChangeWords else {
        continue
      }
      let spelled = VocabularyGate.spelledTerms(written.joined(separator: " "), terms: terms)
        .subtracting(VocabularyGate.spelledTerms(heard.joined(separator: " "), terms: terms))
      let range = index..<(index + heard.count)
      let alike = soundsAlike(heard: heard, written: written)
      guard !spelled.isEmpty,
        spelled.allSatisfy({
          learnedForm(of: $0, over: range, in: keys, forms: forms) || (alike && runSoundsLike($0, range, in: keys))
        })
      else { continue }
      replacements.append((range, written))
      taken.append("\(heard.joined(separator: " ")) → \(written.joined(separator: " "))")
    }
    guard !replacements.isEmpty else { return nil }
    // NB: an engine without timings gives text alone; it is spliced as one segment.
    let segments =
      base.segments.isEmpty ? [TranscriptSegment(text: base.text, start: 0, end: 0, confidence: 0)] : base.segments
    let replaced = replacing(replacements, in: segments)
    var spliced = base
    spliced.segments = base.segments.isEmpty ? [] : replaced
    spliced.text = replaced.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    spliced.learned = (base.learned + taken).uniqued()
    return (spliced, taken)
  }

  /// The fewest sounds a word must share with a term to be taken as the term misspelled.
  static let minimumSoundSpellingKey = 5

  /// The term of `terms` that `word` spells by sound alone ("andropic" for Anthropic, read with the term as the
  /// hint): the same `PhoneticKey`, of at least `minimumSoundSpellingKey` sounds, so an ordinary short word is never
  /// one ("roads" is not Redis).
  static func soundSpelling(of word: String, terms: [String]) -> String? {
    let key = PhoneticKey.key(word)
    guard key.count >= minimumSoundSpellingKey else { return nil }
    return terms.first { !$0.contains(" ") && PhoneticKey.key($0) == key }
  }

  /// The terms not written in `text` that its words may be: a run of words sounds like one, or holds a form the
  /// engine wrote for one before.
  public static func candidates(in text: String, terms: [String], forms: [LearnedForm]) -> [String] {
    let keys = WordAlignment.words(text).map(WordAlignment.matchKey)
    let spelled = VocabularyGate.spelledTerms(text, terms: terms)
    return terms.filter { term in
      !spelled.contains(term.lowercased()) && mayBe(term.lowercased(), heard: keys.indices, in: keys, forms: forms)
    }
  }

  /// Whether the words `heard` of `keys` (match keys) may be `term` (lower case): a run of one to three of them
  /// sounds like it, or a learned form of it lies over them.
  static func mayBe(_ term: String, heard: Range<Int>, in keys: [String], forms: [LearnedForm]) -> Bool {
    runSoundsLike(term, heard, in: keys) || learnedForm(of: term, over: heard, in: keys, forms: forms)
  }

  /// Whether a run of one to three of the words `heard` of `keys` sounds like `term` (`VocabularyGate`).
  static func runSoundsLike(_ term: String, _ heard: Range<Int>, in keys: [String]) -> Bool {
    let termKey = PhoneticKey.key(term)
    guard termKey.count >= 2 else { return false }
    for start in heard {
      var run = ""
      for end in start..<min(start + 3, heard.upperBound) {
        run += keys[end]
        if VocabularyGate.soundsAlike(PhoneticKey.key(run), termKey) { return true }
      }
    }
    return false
  }

  /// Whether a form the engine wrote for `term` before (and the user corrected) lies over the words `heard` of
  /// `keys`; a form that is an ordinary phrase counts only next to a word heard around it then.
  static func learnedForm(of term: String, over heard: Range<Int>, in keys: [String], forms: [LearnedForm]) -> Bool {
    for form in forms where WordAlignment.matchKey(form.term) == WordAlignment.matchKey(term) {
      let pattern = WordAlignment.words(form.heard).map(WordAlignment.matchKey)
      guard !pattern.isEmpty, pattern.count <= keys.count else { continue }
      for start in 0...(keys.count - pattern.count) where Array(keys[start..<(start + pattern.count)]) == pattern {
        let occurrence = start..<(start + pattern.count)
        guard occurrence.overlaps(heard) else { continue }
        let before = start > 0 ? keys[start - 1] : ""
        let after = occurrence.upperBound < keys.count ? keys[occurrence.upperBound] : ""
        if !form.guarded || form.context.contains(before) || form.context.contains(after) { return true }
      }
    }
    return false
  }

  /// Whether a change sounds, as a whole, like what it replaced: its sound keys differ in at most a third of the
  /// sounds ("graph modeling" and "Grafana link" do; "train to Boston" and "Trello-Aston" do not).
  static func soundsAlike(heard: [String], written: [String]) -> Bool {
    let heardKey = Array(PhoneticKey.key(heard.joined()).utf8)
    let writtenKey = Array(PhoneticKey.key(written.joined()).utf8)
    let longest = max(heardKey.count, writtenKey.count)
    guard longest > 0 else { return false }
    return 3 * EditDistance.between(heardKey, writtenKey, limit: longest) <= longest
  }

  /// `segments` with the words in each range (counted as `WordAlignment.words` counts them over all segments)
  /// replaced: the new words take the place, time and trailing punctuation of the range's words.
  static func replacing(_ replacements: [(range: Range<Int>, words: [String])], in segments: [TranscriptSegment])
    -> [TranscriptSegment]
  {
    var counted = 0
    return segments.map { segment in
      let tokens = segment.text.split(separator: " ").map(String.init)
      let timed = segment.words.count == tokens.count
      var out: [(token: String, word: TranscriptWord?)] = []
      // Where the new words of the range being replaced start in `out`, once written in this segment.
      var open: Int?
      for (position, token) in tokens.enumerated() {
        let word = timed ? segment.words[position] : nil
        let isWord = !WordAlignment.trimEdges(token).isEmpty
        defer { if isWord { counted += 1 } }
        guard isWord, let replacement = replacements.first(where: { $0.range.contains(counted) }) else {
          out.append((token, word))
          open = nil
          continue
        }
        if counted == replacement.range.lowerBound {
          open = out.count
          out += replacement.words.map { new in
            (new, word.map { TranscriptWord(text: new, start: $0.start, end: $0.end, confidence: $0.confidence) })
          }
        }
        guard let first = open, counted == replacement.range.upperBound - 1 else { continue }
        // NB: the punctuation after the replaced words stays after the new ones ("Rafael." → "Grafana.").
        let trailing = String(token.reversed().prefix { !$0.isLetter && !$0.isNumber }.reversed())
        let last = out.count - 1
        out[last].token += trailing
        out[last].word?.text += trailing
        for index in first...last { out[index].word?.end = word?.end ?? 0 }
      }
      var changed = segment
      changed.text = out.map(\.token).joined(separator: " ")
      changed.words = timed ? out.compactMap(\.word) : []
      return changed
    }
  }
}
