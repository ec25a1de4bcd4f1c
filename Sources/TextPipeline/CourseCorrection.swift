import DictationValues
/// Applies spoken corrections: "scratch that" deletes the clause before it; "no wait", "wait no", "no no",
/// "actually no", "no actually", "sorry I mean/meant", "I mean/meant", "or rather", "make that" (also "no make
/// that"), ", actually", ", sorry" and ", no," between two words of one kind ("three, no, four") replace the words
/// before them with the words after.
///
/// What gets replaced is found from the repair's anchor: a word of the correction that also occurs in the clause
/// before ("the red one no wait the blue one", "it's in documents no wait it's in downloads"), else the last word
/// of the same kind (a colour, a day, a month, a number: "the red shirt no wait blue" → "the blue shirt"), else
/// as many words as the correction has, not reaching back past a preposition or article ("meet on Tuesday no
/// wait Wednesday"). "scratch that", "forget that" and "never mind" delete the clause before; "start over"
/// deletes everything before it.
public struct CourseCorrection: TextStage {
  public let name = "corrections"

  enum Action: Sendable {
    /// Delete the clause (or the sentence) before the marker.
    case scratch
    /// Delete everything before the marker.
    case startOver
    /// Replace the words before with the words after.
    case replace
    /// Like `replace`, but the marker is also an ordinary phrase ("I mean it"), so stricter checks apply.
    case weakReplace
  }

  struct Marker: Sendable {
    var words: [String]
    var action: Action
    /// The marker counts only after a comma (", actually six"): without one it is an ordinary word.
    var needsComma = false
    /// The repair must be a word of the same kind as the word before the marker ("three, no, four").
    var needsSameKind = false
  }

  /// Longer markers first so "sorry I mean" wins over "I mean".
  static let markers: [Marker] = [
    Marker(words: ["sorry", "i", "meant"], action: .replace),
    Marker(words: ["sorry", "i", "mean"], action: .replace),
    Marker(words: ["scratch", "that"], action: .scratch),
    Marker(words: ["strike", "that"], action: .scratch),
    Marker(words: ["forget", "that"], action: .scratch),
    Marker(words: ["never", "mind"], action: .scratch),
    Marker(words: ["start", "over"], action: .startOver),
    Marker(words: ["make", "that"], action: .replace),
    Marker(words: ["no", "no"], action: .replace),
    Marker(words: ["no", "wait"], action: .replace),
    Marker(words: ["wait", "no"], action: .replace),
    Marker(words: ["actually", "no"], action: .replace),
    Marker(words: ["no", "actually"], action: .replace),
    Marker(words: ["or", "rather"], action: .weakReplace),
    Marker(words: ["i", "meant"], action: .weakReplace),
    Marker(words: ["i", "mean"], action: .weakReplace),
    Marker(words: ["actually"], action: .weakReplace, needsComma: true),
    Marker(words: ["sorry"], action: .weakReplace, needsComma: true),
    Marker(words: ["no"], action: .weakReplace, needsComma: true, needsSameKind: true),
  ]

  /// Prepositions a repair that starts with one aligns on ("on the desktop, sorry, in downloads").
  static let prepositions: Set<String> = [
    "on", "in", "at", "to", "for", "from", "with", "by", "into", "onto", "until", "before", "after", "near",
    "under", "over", "inside", "behind",
  ]

  /// Words that restate the subject at the start of a correction ("no wait it's in downloads").
  static let restatements: Set<String> = [
    "it's", "it’s", "it", "is", "that's", "that", "was", "they're", "he's", "she's", "we're", "i'm", "there's",
    "we", "they", "are", "i", "he", "she",
  ]

  /// Kinds of words a one-word repair replaces in place ("the red shirt no wait blue" → "the blue shirt").
  static let kinds: [Set<String>] = [
    ["red", "blue", "green", "yellow", "black", "white", "orange", "purple", "pink", "brown", "grey", "gray"],
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow", "tonight"],
    [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
      "november", "december",
    ],
    [
      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty",
      "thirty", "forty", "fifty", "hundred",
    ],
  ]

  /// Words that open a reply, which a "never mind" after them does not retract ("Oh, never mind").
  static let replyOpeners: Set<String> = [
    "oh", "ah", "actually", "okay", "ok", "well", "no", "so", "yeah", "yes", "sorry", "wait", "hey", "and", "but",
    "hmm", "nah", "alright", "fine", "anyway", "oops", "never", "mind",
  ]

  /// Words after "no" that make it an ordinary phrase ("actually no longer", "no wait time").
  static let ordinaryContinuations: Set<String> = [
    "longer", "more", "one", "way", "problem", "problems", "doubt", "matter", "less", "good", "idea", "time",
    "times", "list", "worries", "thanks", "need", "big", "deal",
  ]

  /// A stage that applies corrections.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    document.editInBlocks { block in applyCorrections(to: &block) }
  }

  /// Applies the corrections of one block of the document.
  private func applyCorrections(to document: inout TextDocument) {
    var i = 0
    while i < document.tokens.count {
      if let (marker, end) = marker(at: i, in: document.tokens) {
        let next: Int?
        switch marker.action {
        case .scratch: next = scratch(markerAt: i, end: end, in: &document)
        case .startOver: next = startOver(markerAt: i, end: end, in: &document)
        case .replace: next = replace(markerAt: i, end: end, weak: false, in: &document)
        case .weakReplace:
          next = replace(markerAt: i, end: end, weak: true, sameKind: marker.needsSameKind, in: &document)
        }
        if let next {
          i = next
          continue
        }
      }
      i += 1
    }
  }

  /// The marker whose words start at `index` and the index after it; commas between its words are
  /// allowed ("No, wait, 2020").
  func marker(at index: Int, in tokens: [TextToken]) -> (Marker, Int)? {
    guard tokens[index].isWord else { return nil }
    let first = tokens[index].lower
    for marker in Self.markers where marker.words[0] == first {
      if marker.needsComma, index == 0 || tokens[index - 1].text != "," { continue }
      var j = index + 1
      var matched = true
      for word in marker.words.dropFirst() {
        // Engines punctuate the pause inside a marker: "No, wait", and for strong markers "No. Wait."
        if j < tokens.count, tokens[j].text == "," || (marker.action != .weakReplace && tokens[j].endsSentence) {
          j += 1
        }
        guard j < tokens.count, tokens[j].isWord, tokens[j].lower == word else {
          matched = false
          break
        }
        j += 1
      }
      if matched { return (marker, j) }
    }
    return nil
  }

  /// The last word before `index`, skipping the commas and sentence ends between, if any.
  private func wordBefore(_ index: Int, in tokens: [TextToken]) -> Int? {
    var j = index - 1
    while j >= 0, tokens[j].kind == .closing, tokens[j].separatesClauses { j -= 1 }
    guard j >= 0, tokens[j].isWord else { return nil }
    return j
  }

  /// The first index of the clause that ends at `index`: after the previous `, ; : . ? !` or line break.
  private func clauseStart(endingAt index: Int, in tokens: [TextToken], sentenceOnly: Bool = false) -> Int {
    var j = index
    while j >= 0 {
      let token = tokens[j]
      if token.kind == .lineBreak || token.endsSentence || (!sentenceOnly && token.separatesClauses) { break }
      j -= 1
    }
    return j + 1
  }

  /// Deletes the clause before "scratch that"; returns where to continue, or nil when it is not a command.
  private func scratch(markerAt start: Int, end: Int, in document: inout TextDocument) -> Int? {
    let tokens = document.tokens
    var upper = end
    while upper < tokens.count, tokens[upper].kind == .closing, tokens[upper].separatesClauses { upper += 1 }
    // "Never mind the weather", "Forget that I asked": these take an object; only "scratch that" is a command
    // whatever follows.
    let takesObject = tokens[start].lower == "never" || tokens[start].lower == "forget"
    guard let last = wordBefore(start, in: tokens) else {
      if takesObject, upper == end, upper < tokens.count { return nil }
      // Nothing before: only the command goes.
      document.remove(start..<upper)
      return start
    }
    let afterSentenceEnd = tokens[(last + 1)..<start].contains { $0.endsSentence || $0.kind == .lineBreak }
    let clause = clauseStart(endingAt: last, in: tokens, sentenceOnly: afterSentenceEnd)
    // Without punctuation there is no telling where a long run's last clause began: the words stay.
    guard (clause...last).filter({ tokens[$0].isWord }).count <= Self.maxRetracted else { return nil }
    // "Oh, never mind, I found it": only a word that opens a reply comes before; there is nothing to retract.
    if (clause...last).allSatisfy({ !tokens[$0].isWord || Self.replyOpeners.contains(tokens[$0].lower) }) {
      return nil
    }
    // "send it to John scratch that send it to Mary": the words after restart the clause.
    let restarts =
      end < tokens.count && tokens[end].isWord && tokens[clause].isWord
      && tokens[end].lower == tokens[clause].lower
    if !afterSentenceEnd && !restarts {
      // "I need to scratch that itch" uses the words; a command follows a complete clause.
      guard !WordLists.functionWords.contains(tokens[last].lower) else { return nil }
      if end < tokens.count, tokens[end].isWord {
        let next = tokens[end]
        guard WordLists.functionWords.contains(next.lower) || next.text.first?.isUppercase == true else {
          return nil
        }
      }
    }
    document.remove(clause..<upper, because: "the clause a spoken 'scratch that' retracts")
    return clause
  }

  /// Deletes everything before "start over"; returns where to continue.
  private func startOver(markerAt start: Int, end: Int, in document: inout TextDocument) -> Int? {
    var upper = end
    let tokens = document.tokens
    while upper < tokens.count, tokens[upper].kind == .closing, tokens[upper].separatesClauses { upper += 1 }
    // "Let's start over the weekend": only a command when a new clause follows, or nothing does.
    guard
      upper == tokens.count || (upper > end) || tokens[upper].text.first?.isUppercase == true
        || (tokens[upper].isWord && tokens.first?.isWord == true && tokens[upper].lower == tokens[0].lower)
        || start > 0 && tokens[start - 1].kind == .closing
    else { return nil }
    document.remove(0..<upper, because: "everything before a spoken 'start over'")
    return 0
  }

  /// Replaces the words before a correction marker with the words after it; returns where to continue,
  /// or nil when the marker is an ordinary phrase.
  private func replace(
    markerAt start: Int, end: Int, weak: Bool, sameKind: Bool = false, in document: inout TextDocument
  ) -> Int? {
    let tokens = document.tokens
    guard var last = wordBefore(start, in: tokens) else { return nil }
    var start = start
    // "for four no make that six": a bare "no" before the marker belongs to it.
    if tokens[last].lower == "no", tokens[start].lower != "no", let earlier = wordBefore(last, in: tokens) {
      start = last
      last = earlier
    }
    guard !WordLists.functionWords.contains(tokens[last].lower) else { return nil }
    // Engines punctuate the pauses around a marker ("Tuesday. No wait. Wednesday"); a strong marker's
    // sentence end goes with it, a weak one ("I mean.") ends a sentence of its own.
    var correctionStart = end
    var skippedSentenceEnd = false
    while correctionStart < tokens.count,
      tokens[correctionStart].text == "," || (!weak && tokens[correctionStart].endsSentence)
    {
      skippedSentenceEnd = skippedSentenceEnd || tokens[correctionStart].endsSentence
      correctionStart += 1
    }
    var correction: [String] = []
    var k = correctionStart
    while k < tokens.count, tokens[k].isWord, marker(at: k, in: tokens) == nil {
      correction.append(tokens[k].lower)
      k += 1
    }
    guard let first = correction.first, !Self.ordinaryContinuations.contains(first) else { return nil }
    if weak && correction.count > 4 { return nil }
    if sameKind, !Self.kinds.contains(where: { $0.contains(first) && $0.contains(tokens[last].lower) }) { return nil }

    let clause = clauseStart(endingAt: last, in: tokens)
    // NB: in a long unpunctuated run the "clause" can be hundreds of words; a repair never reaches further back
    // than a spoken phrase, so a word met far earlier cannot anchor one (and take everything after it).
    let before = Array((clause...last).filter { tokens[$0].isWord }.suffix(Self.maxReach))
    var spanStart: Int
    var replacementStart = correctionStart
    let kind = Self.kinds.first { $0.contains(first) }
    // A number said in several words is repaired whole: "at two thirty no wait three thirty".
    let numberStart = { (index: Int) -> Int in
      var start = index
      while start > clause, tokens[start - 1].isWord, SpokenNumbers.isNumberWord(tokens[start - 1].lower) {
        start -= 1
      }
      return start
    }
    let numbers = Self.kinds[3]
    if numbers.contains(first), let same = before.last(where: { numbers.contains(tokens[$0].lower) }),
      numberStart(same) < same
    {
      spanStart = numberStart(same)
    } else if let aligned = before.last(where: { tokens[$0].lower == first }) {
      spanStart = aligned
    } else if let (offset, aligned) = restatedAnchor(correction, before: before, in: tokens) {
      // "it's in documents no wait it's in downloads": the repeated words anchor the repair.
      spanStart = aligned
      replacementStart = correctionStart + offset
    } else if correction.count == 1, let kind, let same = before.last(where: { kind.contains(tokens[$0].lower) }) {
      // "the red shirt no wait blue": one word of the same kind swaps in place.
      var swapped = tokens[correctionStart]
      swapped.spaceBefore = tokens[same].spaceBefore
      document.tokens[same] = swapped
      // The marker goes with the pause marks the engine wrote before it ("Tuesday. No wait, Wednesday.").
      var removeFrom = start
      while removeFrom > same + 1, tokens[removeFrom - 1].kind == .closing { removeFrom -= 1 }
      document.remove(removeFrom..<k, because: "a correction that swaps one word for another of its kind")
      return same + 1
    } else if let kind, let same = before.last(where: { kind.contains(tokens[$0].lower) }) {
      // "we need three no no four chairs": the correction restates from the word of the same kind.
      spanStart = same
    } else if Self.prepositions.contains(first),
      let preposition = before.last(where: { Self.prepositions.contains(tokens[$0].lower) })
    {
      // "on the desktop, sorry, in downloads": a repair that opens with a preposition replaces the phrase.
      spanStart = preposition
    } else {
      if weak && WordLists.functionWords.contains(first) { return nil }
      let span = Array(before.suffix(correction.count))
      spanStart = span[0]
      if span.count > 1,
        let preposition = span.dropLast().lastIndex(where: { WordLists.alignmentWords.contains(tokens[$0].lower) })
      {
        spanStart = span[preposition + 1]
      }
    }
    // "the PR, I mean the pull request, by Friday": the comma closing the aside goes with the one opening it.
    let commaBefore = start > 0 && tokens[start - 1].text == ","
    if commaBefore, k + 1 < tokens.count, tokens[k].text == ",", tokens[k + 1].isWord {
      document.remove(k..<(k + 1))
    }
    // "…on Tuesday. No wait. The week after": the correction's capital came from the sentence break.
    if skippedSentenceEnd, !tokens[correctionStart].isFixedCase,
      WordLists.functionWords.contains(tokens[correctionStart].lower)
    {
      document.tokens[correctionStart].text = tokens[correctionStart].lower
    }
    document.remove(spanStart..<replacementStart, because: "the words a spoken correction replaces")
    return spanStart
  }

  /// The furthest back, in words, a correction looks for what it repairs.
  static let maxReach = 12
  /// The most words "scratch that" retracts; a longer unpunctuated run keeps its words and the command.
  static let maxRetracted = 40

  /// A later word of the correction (its second or third) that occurs in the clause before: the words ahead of
  /// it restate the subject ("it's", "that's") and go; returns its offset in the correction and its index before.
  private func restatedAnchor(_ correction: [String], before: [Int], in tokens: [TextToken]) -> (Int, Int)? {
    for offset in 1..<min(3, correction.count) {
      let word = correction[offset]
      // Only a restated subject may be skipped: "it's", "that is"; never content words ("four apples").
      guard correction[..<offset].allSatisfy({ Self.restatements.contains($0) }) else { return nil }
      guard !WordLists.determiners.contains(word) else { continue }
      if let aligned = before.last(where: { tokens[$0].lower == word }) { return (offset, aligned) }
    }
    return nil
  }
}
