/// Applies spoken corrections: "scratch that" deletes the clause before it; "no wait", "actually no",
/// "sorry I mean", "I mean" and "or rather" replace the words before them with the words after.
///
/// What gets replaced: when the correction starts with a word that also occurs in the clause before
/// ("the red one no wait the blue one"), everything from that word; otherwise as many words as the
/// correction has, not reaching back past a preposition or article ("meet on Tuesday no wait Wednesday").
public struct CourseCorrection: TextStage {
  public let name = "corrections"

  enum Action: Sendable {
    /// Delete the clause (or the sentence) before the marker.
    case scratch
    /// Replace the words before with the words after.
    case replace
    /// Like `replace`, but the marker is also an ordinary phrase ("I mean it"), so stricter checks apply.
    case weakReplace
  }

  struct Marker: Sendable {
    var words: [String]
    var action: Action
  }

  /// Longer markers first so "sorry I mean" wins over "I mean".
  static let markers: [Marker] = [
    Marker(words: ["sorry", "i", "meant"], action: .replace),
    Marker(words: ["sorry", "i", "mean"], action: .replace),
    Marker(words: ["scratch", "that"], action: .scratch),
    Marker(words: ["strike", "that"], action: .scratch),
    Marker(words: ["no", "wait"], action: .replace),
    Marker(words: ["wait", "no"], action: .replace),
    Marker(words: ["actually", "no"], action: .replace),
    Marker(words: ["no", "actually"], action: .replace),
    Marker(words: ["or", "rather"], action: .weakReplace),
    Marker(words: ["i", "meant"], action: .weakReplace),
    Marker(words: ["i", "mean"], action: .weakReplace),
  ]

  /// Words after "no" that make it an ordinary phrase ("actually no longer", "no wait time").
  static let ordinaryContinuations: Set<String> = [
    "longer", "more", "one", "way", "problem", "problems", "doubt", "matter", "less", "good", "idea", "time",
    "times", "list", "worries", "thanks", "need", "big", "deal",
  ]

  /// A stage that applies corrections.
  public init() {}

  public func apply(_ document: inout TextDocument, context: InsertionContext) {
    var i = 0
    while i < document.tokens.count {
      if let (marker, end) = marker(at: i, in: document.tokens) {
        let next: Int?
        switch marker.action {
        case .scratch: next = scratch(markerAt: i, end: end, in: &document)
        case .replace: next = replace(markerAt: i, end: end, weak: false, in: &document)
        case .weakReplace: next = replace(markerAt: i, end: end, weak: true, in: &document)
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
      var j = index + 1
      var matched = true
      for word in marker.words.dropFirst() {
        if j < tokens.count, tokens[j].text == "," { j += 1 }
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
    guard let last = wordBefore(start, in: tokens) else {
      // Nothing before: only the command goes.
      document.remove(start..<upper)
      return start
    }
    let afterSentenceEnd = tokens[(last + 1)..<start].contains { $0.endsSentence || $0.kind == .lineBreak }
    if !afterSentenceEnd {
      // "I need to scratch that itch" uses the words; a command follows a complete clause.
      guard !WordLists.functionWords.contains(tokens[last].lower) else { return nil }
      if end < tokens.count, tokens[end].isWord {
        let next = tokens[end]
        guard WordLists.functionWords.contains(next.lower) || next.text.first?.isUppercase == true else {
          return nil
        }
      }
    }
    let lower = clauseStart(endingAt: last, in: tokens, sentenceOnly: afterSentenceEnd)
    document.remove(lower..<upper)
    return lower
  }

  /// Replaces the words before a correction marker with the words after it; returns where to continue,
  /// or nil when the marker is an ordinary phrase.
  private func replace(markerAt start: Int, end: Int, weak: Bool, in document: inout TextDocument) -> Int? {
    let tokens = document.tokens
    guard let last = wordBefore(start, in: tokens), !WordLists.functionWords.contains(tokens[last].lower) else {
      return nil
    }
    var correctionStart = end
    while correctionStart < tokens.count, tokens[correctionStart].text == "," { correctionStart += 1 }
    var correction: [String] = []
    var k = correctionStart
    while k < tokens.count, tokens[k].isWord, marker(at: k, in: tokens) == nil {
      correction.append(tokens[k].lower)
      k += 1
    }
    guard let first = correction.first, !Self.ordinaryContinuations.contains(first) else { return nil }
    if weak && correction.count > 4 { return nil }

    let clause = clauseStart(endingAt: last, in: tokens)
    let before = (clause...last).filter { tokens[$0].isWord }
    var spanStart: Int
    if let aligned = before.last(where: { tokens[$0].lower == first }) {
      spanStart = aligned
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
    document.remove(spanStart..<correctionStart)
    return spanStart
  }
}
