import DictationValues

/// Writes sentences properly: one space between words and none before `, . ? ! : ;`, no doubled marks, capitals at
/// sentence starts, for "I" and for the days and months, and a final period (or question mark) when the engine left
/// none. URLs, addresses, identifiers and other code-like words are never changed.
public struct SentenceFormatting: TextStage {
  public let name = "sentences"

  /// A stage that formats sentences.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    guard !document.tokens.isEmpty else { return }
    cleanPunctuation(&document, keepsLeadingMark: context.continuesText)
    for index in document.tokens.indices { document.normalizeSpacing(at: index) }
    capitalize(&document)
    addFinalPunctuation(&document)
  }

  /// Drops doubled or stranded marks: ",," → ","; ", ." → "."; a comma at the start of a sentence.
  func cleanPunctuation(_ document: inout TextDocument, keepsLeadingMark: Bool = false) {
    var i = 0
    while i < document.tokens.count {
      let token = document.tokens[i]
      guard token.kind == .closing, token.separatesClauses else {
        i += 1
        continue
      }
      let isWeak = token.text == "," || token.text == ";" || token.text == ":"
      // A mark with nothing before it in its sentence.
      let leading = i == 0 && !keepsLeadingMark
      if leading || (i > 0 && [.lineBreak, .listMarker].contains(document.tokens[i - 1].kind))
        || (i > 0 && isWeak && document.endsSentence(at: i - 1))
      {
        document.remove(i..<(i + 1))
        continue
      }
      if i + 1 < document.tokens.count {
        let next = document.tokens[i + 1]
        if next.kind == .closing, next.separatesClauses {
          let afterAbbreviation = token.text == "." && !document.endsSentence(at: i)
          if !afterAbbreviation && (next.text == token.text || isWeak || (token.text == "." && next.endsSentence)) {
            // Keep the stronger or the later mark: ", ." → ".", ". ?" → "?".
            document.remove(i..<(i + 1))
            continue
          }
          if !afterAbbreviation && (next.text == "," || next.text == ";" || (token.endsSentence && next.text == ".")) {
            document.remove((i + 1)..<(i + 2))
            continue
          }
        }
      }
      i += 1
    }
  }

  /// Capitalises sentence starts and the pronoun "I".
  func capitalize(_ document: inout TextDocument) {
    for index in document.tokens.indices where document.tokens[index].isWord {
      let token = document.tokens[index]
      guard !token.isFixedCase else { continue }
      let lower = token.lower
      if Self.isPronounI(lower) || (WordLists.calendarNames.contains(lower) && lower != "march") {
        // "I", and the names of days and months ("on tuesday" → "on Tuesday"; "march" is also a verb).
        document.tokens[index].text = Self.capitalized(token.text)
      } else if document.startsSentence(at: index), !CodeLikeWords.isCodeLike(token.text) {
        document.tokens[index].text = Self.capitalized(token.text)
      }
    }
  }

  /// Whether `lower` is "i" or one of its contractions ("i'm", "i’ll").
  static func isPronounI(_ lower: String) -> Bool {
    guard lower.first == "i" else { return false }
    if lower.count == 1 { return true }
    let rest = lower.dropFirst()
    guard let apostrophe = rest.first, apostrophe == "'" || apostrophe == "’" else { return false }
    switch rest.dropFirst() {
    case "m", "ve", "ll", "d": return true
    default: return false
    }
  }

  /// `word` with its first letter in upper case (unchanged when that would change its length, as "ß").
  static func capitalized(_ word: String) -> String {
    guard let first = word.first, first.isLowercase else { return word }
    let upper = String(first).uppercased()
    guard upper.count == 1 else { return word }
    return upper + word.dropFirst()
  }

  /// Ends the last sentence with a period, or a question mark when it asks something, unless it
  /// already ends with a mark or with an address, or is a list item.
  func addFinalPunctuation(_ document: inout TextDocument) {
    // A list item takes no period: "- Milk", "2. Call the bank".
    let lineStart = (document.tokens.lastIndex { $0.kind == .lineBreak } ?? -1) + 1
    if lineStart < document.tokens.count, document.tokens[lineStart].kind == .listMarker { return }
    var last = document.tokens.count - 1
    // Look inside closing quotes and brackets: `He said "hi"` still needs its period after them.
    while last >= 0, document.tokens[last].kind == .closing, !document.tokens[last].separatesClauses,
      document.tokens[last].text != "..." && document.tokens[last].text != "…"
    {
      last -= 1
    }
    guard last >= 0 else { return }
    let token = document.tokens[last]
    if token.kind == .closing, token.text == "," || token.text == ";" {
      document.tokens[last].text = isQuestion(endingAt: last, in: document) ? "?" : "."
      return
    }
    guard token.isWord else { return }
    guard token.text.contains(where: { $0.isLetter || $0.isNumber }), !CodeLikeWords.isAddress(token.text) else {
      return
    }
    let mark = isQuestion(endingAt: last, in: document) ? "?" : "."
    document.tokens.append(TextToken(mark, kind: .closing, spaceBefore: false))
  }

  /// Whether the sentence ending at `index` is a question: "can you…", "where is…", "what time is…".
  func isQuestion(endingAt index: Int, in document: TextDocument) -> Bool {
    var start = index
    while start > 0, !document.startsSentence(at: start) { start -= 1 }
    var words: [String] = []
    var i = start
    while i <= index, words.count < 3 {
      if document.tokens[i].isWord { words.append(document.tokens[i].lower) }
      i += 1
    }
    return Self.isQuestion(words)
  }

  /// Whether a sentence starting with `words` (lower case, the first three) asks a question.
  static func isQuestion(_ words: [String]) -> Bool {
    guard let first = words.first else { return false }
    let second = words.count > 1 ? words[1] : nil
    if WordLists.questionAuxiliaries.contains(first) {
      guard let second else { return false }
      if WordLists.subjects.contains(second) { return true }
      if WordLists.imperativeAuxiliaries.contains(first) { return false }
      return WordLists.determiners.contains(second) && second != "no"
    }
    if let apostrophe = first.firstIndex(where: { $0 == "'" || $0 == "’" }),
      WordLists.questionWords.contains(String(first[..<apostrophe]))
    {
      return true
    }
    guard WordLists.questionWords.contains(first), let second else { return false }
    if first == "how" || first == "what", second == "about" || second == "if" { return true }
    if first == "why", second == "not" { return true }
    if WordLists.questionAuxiliaries.contains(second) { return true }
    guard words.count > 2, !WordLists.subjects.contains(second), !WordLists.questionAuxiliaries.contains(second)
    else { return false }
    return WordLists.questionAuxiliaries.contains(words[2])
  }
}
