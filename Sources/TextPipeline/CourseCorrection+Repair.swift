/// Finding what a spoken correction repairs: the repair's words after the marker, the anchor in the words before,
/// and the edit that swaps the repaired words for the repair while the rest of the sentence stays.
extension CourseCorrection {
  /// The words of a repair after its marker ("tuesday" in "monday, scratch that, tuesday").
  struct Repair {
    /// The token of the repair's first word, after words that only introduce it ("make it").
    var start: Int
    /// The index after the repair's last word.
    var end: Int
    /// The repair's words in lower case.
    var words: [String]

    /// The repair from `index` up to the next mark or marker; nil when there is no word.
    init?(after index: Int, in tokens: [TextToken], stopsAt isMarker: (Int) -> Bool) {
      var start = index
      for opener in CourseCorrection.repairOpeners where start + opener.count < tokens.count {
        let matches = opener.indices.allSatisfy { tokens[start + $0].isWord && tokens[start + $0].lower == opener[$0] }
        guard matches else { continue }
        start += opener.count
        if start < tokens.count, tokens[start].text == "," { start += 1 }
        break
      }
      var words: [String] = []
      var end = start
      while end < tokens.count, tokens[end].isWord, !isMarker(end) {
        words.append(tokens[end].lower)
        end += 1
      }
      guard !words.isEmpty else { return nil }
      self.start = start
      self.end = end
      self.words = words
    }
  }

  /// Where a repair goes in the words before its marker.
  enum Anchor: Equatable {
    /// The tokens from `start` up to `replacementStart` (the repaired words, the marker and any restated words of
    /// the repair) go.
    case span(start: Int, replacementStart: Int)
    /// The one word at the index is swapped for the repair's single word of the same kind.
    case swap(Int)
  }

  /// Replaces the words before a correction marker with the words after it; returns where to continue, or nil
  /// when the marker is an ordinary phrase.
  func replace(_ marker: Marker, at markerStart: Int, end: Int, in document: inout TextDocument) -> Int? {
    let tokens = document.tokens
    let weak = marker.action == .weakReplace
    guard var last = wordBefore(markerStart, in: tokens) else { return nil }
    var start = markerStart
    // "Sorry, I meant next Tuesday", "Oh sorry, I meant Tuesday": a reply before "I meant" or a weak marker is no
    // clause to repair; the one before it may be.
    let saysMeant = marker.words.contains("meant") || marker.words.contains("mean")
    if weak || saysMeant, let replyStart = replyOnly(endingAt: last, in: tokens) {
      guard let earlier = wordBefore(replyStart, in: tokens) else { return nil }
      start = replyStart
      last = earlier
    }
    let afterDash = weak && markerStart > 0 && tokens[markerStart - 1].kind == .dash
    // "for four no make that six": a bare "no" before the marker belongs to it.
    if tokens[last].lower == "no", tokens[start].lower != "no", let earlier = wordBefore(last, in: tokens) {
      start = last
      last = earlier
    }
    // "option A. Actually no, option B": a capital letter on its own is a name, not the article.
    let isLetterName = tokens[last].text.count == 1 && tokens[last].text.first?.isUppercase == true
    guard !WordLists.functionWords.contains(tokens[last].lower) || isLetterName else { return nil }
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
    guard let repair = Repair(after: correctionStart, in: tokens, stopsAt: { self.marker(at: $0, in: tokens) != nil })
    else { return nil }
    // "actually no longer", "no wait time": after "no" or "wait" these words make an ordinary phrase.
    let endsWithNo = marker.words.last == "no" || marker.words.last == "wait"
    if endsWithNo, end == correctionStart, Self.ordinaryContinuations.contains(repair.words[0]) { return nil }
    let first = repair.words[0]
    if weak && repair.words.count > 4 { return nil }
    // "three, no, four", and "june fifth, no, june sixth" where the kind is the phrase's first word.
    let phraseStart = wordBefore(last, in: tokens).flatMap { tokens[$0].kind == .word && $0 == last - 1 ? $0 : nil }
    if marker.needsSameKind,
      Self.kind(of: first) == nil
        || (Self.kind(of: first) != Self.kind(of: tokens[last].lower)
          && Self.kind(of: first) != phraseStart.flatMap { Self.kind(of: tokens[$0].lower) })
    {
      return nil
    }
    // "the answer — actually the whole point — is simple", "we left early — actually we had to": after a dash, an
    // aside or a new clause adds to the sentence; only a short repair with an anchor corrects it.
    if afterDash,
      repair.words.count > 3 || Self.restatements.contains(first)
        || (repair.end < tokens.count && tokens[repair.end].kind == .dash)
    {
      return nil
    }
    let guesses = !marker.needsAnchor && !afterDash && !(weak && WordLists.functionWords.contains(first))
    let clause = clauseStart(endingAt: last, in: tokens)
    guard let anchor = anchor(of: repair, clause: clause, last: last, in: tokens, guesses: guesses) else {
      return nil
    }
    return apply(anchor, of: repair, markerStart: start, skippedSentenceEnd: skippedSentenceEnd, in: &document)
  }

  /// The start of the clause ending at `last` when it holds only words that open a reply ("Sorry,", "Oh okay").
  func replyOnly(endingAt last: Int, in tokens: [TextToken]) -> Int? {
    let clause = clauseStart(endingAt: last, in: tokens)
    let reply = (clause...last).allSatisfy { !tokens[$0].isWord || Self.replyOpeners.contains(tokens[$0].lower) }
    return reply ? clause : nil
  }

  /// The anchor of `repair` in the clause from `clause` to `last`: see the type's documentation for the order.
  /// Without `guesses`, a repair with no anchor is nil rather than set over as many words as it has; for
  /// `scratch`, a repair only aligns on a function word that opens the clause ("I'll bring chips scratch that
  /// I'll bring salsa") and on a preposition in a short repair.
  func anchor(
    of repair: Repair, clause: Int, last: Int, in tokens: [TextToken], guesses: Bool, forScratch: Bool = false
  ) -> Anchor? {
    let correction = repair.words
    let first = correction[0]
    // NB: in a long unpunctuated run the "clause" can be hundreds of words; a repair never reaches further back
    // than a spoken phrase, so a word met far earlier cannot anchor one (and take everything after it).
    let before = Array((clause...last).filter { tokens[$0].isWord }.suffix(Self.maxReach))
    let firstKind = Self.kind(of: first)
    // A number said in several words is repaired whole: "at two thirty no wait three thirty".
    let numberStart = { (index: Int) -> Int in
      var start = index
      while start > clause, tokens[start - 1].isWord, SpokenNumbers.isNumberWord(tokens[start - 1].lower) {
        start -= 1
      }
      return start
    }
    if SpokenNumbers.isNumberWord(first),
      let same = before.last(where: { SpokenNumbers.isNumberWord(tokens[$0].lower) }), numberStart(same) < same
    {
      return .span(start: numberStart(same), replacementStart: repair.start)
    }
    if let aligned = before.last(where: { tokens[$0].lower == first }) {
      let isFunctionWord = WordLists.functionWords.contains(first)
      // "the bus, never mind, the train": a short phrase said again from its article.
      let alignsInScratch =
        aligned == clause || !isFunctionWord || (Self.prepositions.contains(first) && correction.count <= 4)
        || (WordLists.determiners.contains(first) && correction.count <= 3)
      if !forScratch || alignsInScratch { return .span(start: aligned, replacementStart: repair.start) }
    }
    if let (offset, aligned) = restatedAnchor(correction, before: before, in: tokens) {
      // "it's in documents no wait it's in downloads": the repeated words anchor the repair.
      return .span(start: aligned, replacementStart: repair.start + offset)
    }
    // "I want the red one scratch that the blue one": the words before a word of a kind are said again before it.
    for offset in 1..<min(3, correction.count) {
      guard let kind = Self.kind(of: correction[offset]),
        let same = before.last(where: { Self.kind(of: tokens[$0].lower) == kind }), same - offset >= clause,
        (0..<offset).allSatisfy({
          tokens[same - offset + $0].isWord && tokens[same - offset + $0].lower == correction[$0]
        })
      else { continue }
      return .span(start: same - offset, replacementStart: repair.start)
    }
    if let firstKind, let same = before.last(where: { Self.kind(of: tokens[$0].lower) == firstKind }) {
      // "the red shirt no wait blue": one word of the same kind swaps in place; "we need three no no four
      // chairs": a longer correction restates from the word of the same kind.
      if correction.count == 1 { return .swap(same) }
      // After "scratch that", "ten chairs … twelve chairs" restates the phrase; "Tuesday. Never mind. Wednesday works
      // better" is a new sentence.
      if !forScratch || correction.count <= 4 && correction.last == tokens[last].lower {
        return .span(start: same, replacementStart: repair.start)
      }
    }
    if Self.prepositions.contains(first), !forScratch || correction.count <= 4,
      let preposition = before.last(where: { Self.prepositions.contains(tokens[$0].lower) })
    {
      // "on the desktop, sorry, in downloads": a repair that opens with a preposition replaces the phrase.
      return .span(start: preposition, replacementStart: repair.start)
    }
    guard guesses else { return nil }
    let span = Array(before.suffix(correction.count))
    var spanStart = span[0]
    if span.count > 1,
      let preposition = span.dropLast().lastIndex(where: { WordLists.alignmentWords.contains(tokens[$0].lower) })
    {
      spanStart = span[preposition + 1]
    }
    return .span(start: spanStart, replacementStart: repair.start)
  }

  /// Applies `anchor`: the repaired words, the marker at `markerStart` and the pauses around it go, and the repair
  /// takes their place; returns where to continue.
  func apply(
    _ anchor: Anchor, of repair: Repair, markerStart: Int, skippedSentenceEnd: Bool, in document: inout TextDocument
  ) -> Int {
    let tokens = document.tokens
    switch anchor {
    case .swap(let same):
      var swapped = tokens[repair.start]
      swapped.spaceBefore = tokens[same].spaceBefore
      if skippedSentenceEnd, !swapped.isFixedCase, SpokenNumbers.isNumberWord(swapped.lower) {
        swapped.text = swapped.lower
      }
      document.tokens[same] = swapped
      // The marker goes with the pause marks the engine wrote before it ("Tuesday. No wait, Wednesday.").
      var removeFrom = markerStart
      while removeFrom > same + 1, tokens[removeFrom - 1].kind == .closing || tokens[removeFrom - 1].kind == .dash {
        removeFrom -= 1
      }
      document.remove(
        removeFrom..<repair.end,
        because: "a correction that swaps '\(tokens[same].text)' for '\(swapped.text)', a word of its kind")
      return same + 1
    case .span(let spanStart, let replacementStart):
      // "the PR, I mean the pull request, by Friday": the comma closing the aside goes with the one opening it.
      let commaBefore = markerStart > 0 && tokens[markerStart - 1].text == ","
      if commaBefore, repair.end + 1 < tokens.count, tokens[repair.end].text == ",", tokens[repair.end + 1].isWord,
        marker(at: repair.end + 1, in: tokens) == nil
      {
        document.remove(repair.end..<(repair.end + 1))
      }
      // "…on Tuesday. No wait. The week after": the correction's capital came from the sentence break.
      let replacement = tokens[replacementStart]
      if skippedSentenceEnd, !replacement.isFixedCase,
        WordLists.functionWords.contains(replacement.lower) || SpokenNumbers.isNumberWord(replacement.lower)
      {
        document.tokens[replacementStart].text = replacement.lower
      }
      document.remove(spanStart..<replacementStart, because: "the words a spoken correction replaces")
      return spanStart
    }
  }

  /// A later word of the correction (its second or third) that occurs in the clause before: the words ahead of
  /// it restate the subject ("it's", "that's") and go; returns its offset in the correction and its index before.
  func restatedAnchor(_ correction: [String], before: [Int], in tokens: [TextToken]) -> (Int, Int)? {
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
