import DictationValues

/// The deterministic clean-up of raw words for a field (fillers, spoken punctuation, numbers, dictionary, capitals;
/// never a model): fast enough to run on every refresh of the live text.
public typealias LiveTextCleanUp = @Sendable (_ raw: String, _ field: FieldContext) -> String

extension LiveText {
  /// The live text as tapping done now would insert it (before any LLM polish): the confirmed and volatile words
  /// are cleaned up as one text, so that nothing is split at their seam ("three" + "thirty pm" is "3:30 PM", and a
  /// pause between them is no sentence end). The confirmed part is the longest run of leading words that the
  /// confirmed words alone clean up to as well; words that the volatile ones still change ("no wait" in the
  /// volatile text cancelling a confirmed word) are shown as volatile.
  public func cleanedUp(for field: FieldContext, by cleanUp: LiveTextCleanUp) -> LiveText {
    guard !isEmpty else { return self }
    let whole = cleanUp(text, field).trimmingLeadingWhitespace()
    var result = LiveText(confirmed: "", volatile: "", revision: revision)
    if volatile.isEmpty {
      result.confirmed = LiveText.bounded(whole)
    } else if confirmed.isEmpty {
      result.volatile = LiveText.bounded(whole)
    } else {
      let alone = Self.words(of: cleanUp(confirmed, field))
      var seam = whole.startIndex
      for (word, aloneWord) in zip(Self.wordRanges(of: whole), alone) {
        guard Self.key(whole[word]) == Self.key(aloneWord) else { break }
        seam = word.upperBound
      }
      result.confirmed = LiveText.bounded(String(whole[..<seam]))
      result.volatile = LiveText.bounded(String(whole[seam...]).trimmingLeadingWhitespace())
    }
    return result
  }

  private static func wordRanges(of text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var start: String.Index?
    for index in text.indices {
      if text[index].isWhitespace {
        if let begun = start { ranges.append(begun..<index) }
        start = nil
      } else if start == nil {
        start = index
      }
    }
    if let begun = start { ranges.append(begun..<text.endIndex) }
    return ranges
  }

  private static func words(of text: String) -> [Substring] {
    wordRanges(of: text).map { text[$0] }
  }

  /// A word without the marks the clean-up puts after it at the end of a text ("there." and "there," match).
  private static func key(_ word: Substring) -> Substring {
    guard let last = word.lastIndex(where: { !".,;:!?".contains($0) }) else { return word }
    return word[...last]
  }
}

extension String {
  fileprivate func trimmingLeadingWhitespace() -> String {
    String(drop { $0.isWhitespace })
  }
}
