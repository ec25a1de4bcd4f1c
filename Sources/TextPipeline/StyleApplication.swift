import DictationValues
/// Applies the chosen style: formal keeps everything, casual drops the period of a single sentence,
/// very casual also writes sentence starts in lower case (except "I" and dictionary terms).
public struct StyleApplication: TextStage {
  public let name = "style"
  /// The style to write.
  public let style: TextStyle

  /// A stage writing `style`.
  public init(style: TextStyle) {
    self.style = style
  }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    switch style {
    case .formal, .verbatim:
      return
    case .casual:
      if sentenceCount(document) == 1 { dropFinalPeriod(&document) }
    case .veryCasual:
      lowercaseSentenceStarts(&document)
      dropFinalPeriod(&document)
    }
  }

  /// How many sentences the text has (line breaks also separate them).
  private func sentenceCount(_ document: TextDocument) -> Int {
    var count = 0
    var inSentence = false
    for token in document.tokens {
      if token.endsSentence || token.kind == .lineBreak {
        if inSentence { count += 1 }
        inSentence = false
      } else if token.isWord || token.kind == .verbatim {
        inSentence = true
      }
    }
    return count + (inSentence ? 1 : 0)
  }

  /// Removes a final period the engine or the pipeline wrote; one the user spoke stays.
  private func dropFinalPeriod(_ document: inout TextDocument) {
    guard let last = document.tokens.last, last.kind == .closing, last.text == ".", !last.isSpoken else { return }
    document.tokens.removeLast()
  }

  /// Writes the first word of each sentence in lower case unless its case is deliberate.
  private func lowercaseSentenceStarts(_ document: inout TextDocument) {
    for index in document.tokens.indices where document.tokens[index].isWord && document.startsSentence(at: index) {
      document.tokens[index].text = Self.lowercasedStart(document.tokens[index])
    }
  }

  /// `token`'s text with its capital removed when the capital only marks a sentence start.
  static func lowercasedStart(_ token: TextToken) -> String {
    let text = token.text
    guard !token.isFixedCase, let first = text.first, first.isUppercase else { return text }
    let rest = text.dropFirst()
    // "I", "NASA", "iPhone", URLs and names of days keep their capitals.
    if rest.contains(where: { $0.isUppercase }) || SentenceFormatting.isPronounI(token.lower) { return text }
    if CodeLikeWords.isCodeLike(text) || WordLists.calendarNames.contains(token.lower) { return text }
    if text.count == 1 && first != "A" { return text }
    return String(first).lowercased() + rest
  }
}
