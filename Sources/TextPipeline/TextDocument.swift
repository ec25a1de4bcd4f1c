/// Dictated text as tokens, the form every stage reads and edits.
public struct TextDocument: Sendable, Hashable {
  /// The tokens in order.
  public var tokens: [TextToken]
  /// Whether the written text starts with a space (set when inserting after text without one).
  public var leadingSpace: Bool
  /// Why the current stage removed what it removed, one line per removal ("'um': a hesitation").
  public var reasons: [String] = []
  /// Whether the dictation ended with "press enter" (`SpokenReturn`): the keyboard presses return after the text.
  public var pressesReturn = false

  /// A document holding `tokens`.
  public init(tokens: [TextToken], leadingSpace: Bool = false) {
    self.tokens = tokens
    self.leadingSpace = leadingSpace
  }

  /// Splits `text` into tokens, keeping words such as URLs, paths and `file.ext` whole.
  public init(parsing text: String) {
    self.init(tokens: TextTokenizer.tokens(in: text))
  }

  /// The text the tokens spell.
  public var text: String {
    var out = leadingSpace && !tokens.isEmpty ? " " : ""
    out.reserveCapacity(tokens.count * 6)
    var previous: TextToken.Kind?
    for token in tokens {
      if let previous, token.spaceBefore, token.kind != .lineBreak, previous != .lineBreak { out += " " }
      out += token.text
      previous = token.kind
    }
    return out
  }

  /// Whether the document holds no words or other visible text.
  public var isEmpty: Bool { tokens.isEmpty }

  /// Gives the token at `index` the usual spacing for its kind and neighbours.
  mutating func normalizeSpacing(at index: Int) {
    guard tokens.indices.contains(index) else { return }
    let kind = tokens[index].kind
    if index == 0 {
      tokens[index].spaceBefore = kind.takesSpaceBefore
      return
    }
    let previous = tokens[index - 1].kind
    switch kind {
    case .closing, .joiner, .lineBreak, .listMarker:
      tokens[index].spaceBefore = false
    case .word, .opening, .dash, .verbatim:
      tokens[index].spaceBefore = previous != .opening && previous != .joiner && previous != .lineBreak
    }
  }

  /// Removes the tokens in `range`, noting what went and why.
  mutating func remove(_ range: Range<Int>, because reason: String) {
    guard !range.isEmpty else { return }
    let words = tokens[range].map(\.text).joined(separator: " ")
    reasons.append("'\(words)': \(reason)")
    remove(range)
  }

  /// Removes the tokens in `range` and fixes the spacing of the token that follows.
  mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    tokens.removeSubrange(range)
    normalizeSpacing(at: range.lowerBound)
  }

  /// The index of the next word at or after `index`, if any.
  func nextWord(from index: Int) -> Int? {
    var i = index
    while i < tokens.count {
      if tokens[i].isWord { return i }
      i += 1
    }
    return nil
  }

  /// Whether the token at `index` ends a sentence: `. ? !`, but not the period of an abbreviation ("e.g.").
  func endsSentence(at index: Int) -> Bool {
    let token = tokens[index]
    guard token.endsSentence else { return false }
    if token.text == ".", index > 0, tokens[index - 1].isWord, WordLists.isAbbreviation(tokens[index - 1].lower) {
      return false
    }
    return true
  }

  /// Whether the token at `index` begins a sentence: first in the text, or after `. ? !`, a line break or a list
  /// item's marker (ignoring opening brackets and quotes between).
  func startsSentence(at index: Int) -> Bool {
    var i = index - 1
    while i >= 0, tokens[i].kind == .opening { i -= 1 }
    guard i >= 0 else { return true }
    let previous = tokens[i]
    if previous.kind == .lineBreak || previous.kind == .listMarker { return true }
    return endsSentence(at: i)
  }
}
