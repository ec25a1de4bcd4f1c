/// One piece of dictated text: a word, a punctuation mark, a line break or text inserted verbatim.
public struct TextToken: Sendable, Hashable {
  /// How a token joins its neighbours when the text is written out.
  public enum Kind: Sendable, Hashable {
    /// A word, number, URL or any other run of non-space characters.
    case word
    /// Punctuation that attaches to the text before it: `, . ? ! : ; … ) ] }` and a closing quote.
    case closing
    /// Punctuation that attaches to the text after it: `( [ {` and an opening quote.
    case opening
    /// A dash standing between words, with a space on each side.
    case dash
    /// A hyphen joining the words on either side, with no spaces.
    case joiner
    /// A new line (`\n`) or a new paragraph (`\n\n`).
    case lineBreak
    /// The marker of a list item at the start of a line: `-` or `1.`, with a space after it.
    case listMarker
    /// Text written exactly as stored (a snippet expansion); no stage changes it.
    case verbatim
  }

  /// The characters of the token.
  public var text: String {
    didSet { lower = text.lowercased() }
  }
  /// The text in lower case, for comparisons.
  public private(set) var lower: String
  /// How the token joins its neighbours.
  public var kind: Kind
  /// Whether a space precedes the token (ignored for the first token and after a line break).
  public var spaceBefore: Bool
  /// Whether the token's letter case is the user's (a dictionary term): styles and sentence rules keep it.
  public var isFixedCase: Bool
  /// Whether the token came from a spoken command ("comma", "new line") rather than from the engine.
  public var isSpoken: Bool

  /// A token; `spaceBefore` defaults to the usual spacing for its kind.
  public init(
    _ text: String, kind: Kind = .word, spaceBefore: Bool? = nil, isFixedCase: Bool = false, isSpoken: Bool = false
  ) {
    self.text = text
    self.lower = text.lowercased()
    self.kind = kind
    self.spaceBefore = spaceBefore ?? kind.takesSpaceBefore
    self.isFixedCase = isFixedCase
    self.isSpoken = isSpoken
  }

  /// Whether this is a word (not punctuation, a line break or verbatim text).
  public var isWord: Bool { kind == .word }

  /// Whether this token ends a sentence: `.`, `?`, `!` (and combinations such as `?!`).
  public var endsSentence: Bool {
    guard kind == .closing, let first = text.first else { return false }
    if text == "..." || text == "…" { return false }
    return first == "." || first == "?" || first == "!"
  }

  /// Whether this token is a mark that separates clauses: `, ; :` or a sentence end.
  public var separatesClauses: Bool {
    guard kind == .closing else { return kind == .lineBreak }
    return endsSentence || text == "," || text == ";" || text == ":"
  }
}

extension TextToken.Kind {
  /// Whether a token of this kind normally has a space before it.
  var takesSpaceBefore: Bool {
    switch self {
    case .word, .opening, .dash, .verbatim: true
    case .closing, .joiner, .lineBreak, .listMarker: false
    }
  }
}
