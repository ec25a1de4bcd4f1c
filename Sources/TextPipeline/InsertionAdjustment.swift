import DictationValues
/// Fits the text to what is already before the cursor: a leading space when needed, lower case when
/// continuing a sentence, no doubled mark. When continuing mid-sentence the dictated text keeps its final
/// period: it is where the user stopped speaking.
public struct InsertionAdjustment: TextStage {
  public let name = "insertion"
  /// Whether letter case is left alone (the verbatim style): only spacing and marks are fitted.
  public let keepsLetterCase: Bool

  /// A stage fitting text to the cursor's context.
  public init(keepsLetterCase: Bool = false) {
    self.keepsLetterCase = keepsLetterCase
  }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    let before = context.textBeforeCursor
    guard let lastCharacter = before.last, !document.tokens.isEmpty else {
      return
    }
    let trimmed = before.trimmingWhitespace()
    guard let lastVisible = trimmed.last else { return }

    // "Done." + ". Thanks" does not write two periods.
    if let first = document.tokens.first, first.kind == .closing,
      first.text == String(lastVisible) || (first.text == "." && ".?!".contains(lastVisible))
    {
      document.remove(0..<1)
      guard !document.tokens.isEmpty else { return }
    }
    document.leadingSpace = needsSpace(after: before, lastCharacter: lastCharacter, firstToken: document.tokens[0])

    // After "Dr." a name follows: neither a new sentence nor a word to lower.
    guard !keepsLetterCase, !endsSentence(trimmed, lastCharacter: lastCharacter), !endsWithAbbreviation(trimmed)
    else { return }
    if let index = document.tokens.firstIndex(where: { $0.isWord || $0.kind == .verbatim }),
      document.tokens[index].isWord,
      WordLists.sentenceStarters.contains(document.tokens[index].lower)
    {
      // Only words known to be capitalised for the sentence start are lowered: a name keeps its capital.
      document.tokens[index].text = StyleApplication.lowercasedStart(document.tokens[index])
    }
  }

  /// Whether a space must separate the existing text from the dictated text.
  private func needsSpace(after before: String, lastCharacter: Character, firstToken: TextToken) -> Bool {
    if lastCharacter.isWhitespace { return false }
    if firstToken.kind == .closing || firstToken.kind == .joiner || firstToken.kind == .lineBreak { return false }
    if "([{“‘¿¡/-".contains(lastCharacter) { return false }
    if lastCharacter == "\"" || lastCharacter == "'" {
      // An opening quote stands after a space or at the start; a closing one after a word.
      let earlier = before.dropLast().last
      return !(earlier == nil || earlier?.isWhitespace == true || earlier.map { "([{".contains($0) } == true)
    }
    return true
  }

  /// Whether the existing text ends a sentence (or is empty or ends a line), so the next word is capitalised.
  private func endsSentence(_ trimmed: String, lastCharacter: Character) -> Bool {
    if trimmed.isEmpty || lastCharacter.isNewline { return true }
    var visible = trimmed[...]
    // Look through closing quotes and brackets: `He said "hi."` ends a sentence.
    while let last = visible.last, "\"”’')]".contains(last) { visible = visible.dropLast() }
    guard let last = visible.last else { return true }
    if last == "?" || last == "!" { return true }
    guard last == "." else { return false }
    return !visible.hasSuffix("...") && !endsWithAbbreviation(trimmed)
  }

  /// Whether the existing text ends with an abbreviation and its period ("Dr.", "e.g.").
  private func endsWithAbbreviation(_ trimmed: String) -> Bool {
    guard trimmed.last == "." else { return false }
    let word = trimmed.dropLast().split(whereSeparator: { $0.isWhitespace }).last.map { $0.lowercased() } ?? ""
    return WordLists.isAbbreviation(word)
  }
}
