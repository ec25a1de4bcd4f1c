import DictationValues

/// Spoken identifier casing, for code and names in fields: "camel case user id" → `userId`, "snake case" → `user_id`,
/// "kebab case" → `user-id`, "pascal case" → `UserId`, "all caps" → `USER ID`. The casing applies to the words that
/// follow it until a pause (a comma or a sentence's end), "end case", or the end of the dictation.
///
/// It is a command only where a command can start: at the start of the dictation or after a pause, and followed by a
/// word that could be a name. "We use camel case for variables" and "All caps is rude" stay as said.
public struct IdentifierCasing: TextStage {
  public let name = "casing"

  /// How the words after a casing phrase are joined.
  public enum Casing: String, Sendable, CaseIterable {
    case camel, snake, kebab, pascal, allCaps = "all-caps"

    /// The spoken phrase that starts it.
    public var phrase: [String] {
      switch self {
      case .camel: ["camel", "case"]
      case .snake: ["snake", "case"]
      case .kebab: ["kebab", "case"]
      case .pascal: ["pascal", "case"]
      case .allCaps: ["all", "caps"]
      }
    }

    /// `words` (lower case) written in this casing.
    public func write(_ words: [String]) -> String {
      switch self {
      case .camel: words.enumerated().map { $0.offset == 0 ? $0.element : Self.capitalized($0.element) }.joined()
      case .pascal: words.map(Self.capitalized).joined()
      case .snake: words.joined(separator: "_")
      case .kebab: words.joined(separator: "-")
      case .allCaps: words.joined(separator: " ").uppercased()
      }
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
  }

  /// Words that follow a casing phrase in a sentence about it, not in a command: "camel case is…", "all caps for…".
  static let sentenceWords: Set<String> = [
    "is", "are", "was", "were", "be", "for", "in", "on", "of", "and", "or", "but", "the", "a", "an", "to", "with",
    "means", "looks", "works", "feels", "please", "instead", "too", "again", "letters",
  ]

  public init() {}

  public var readsEnglishWords: Bool { true }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    var i = 0
    while i < document.tokens.count {
      guard let casing = casing(at: i, in: document) else {
        i += 1
        continue
      }
      let start = i + casing.phrase.count
      var end = start
      var words: [String] = []
      while end < document.tokens.count, document.tokens[end].isWord {
        if document.tokens[end].lower == "end", end + 1 < document.tokens.count,
          document.tokens[end + 1].lower == "case"
        {
          break
        }
        words.append(document.tokens[end].lower)
        end += 1
      }
      var replaced = end
      if replaced + 1 < document.tokens.count, document.tokens[replaced].lower == "end",
        document.tokens[replaced + 1].lower == "case"
      {
        replaced += 2
      }
      let token = TextToken(casing.write(words), kind: .verbatim, spaceBefore: document.tokens[i].spaceBefore)
      document.tokens.replaceSubrange(i..<replaced, with: [token])
      document.reasons.append("\"\(casing.phrase.joined(separator: " "))\" wrote \(words.count) word(s) as one name")
      i += 1
    }
  }

  /// The casing whose phrase starts a command at `index`: at a pause, and followed by a word that can be a name.
  private func casing(at index: Int, in document: TextDocument) -> Casing? {
    let tokens = document.tokens
    guard tokens[index].isWord, index == 0 || tokens[index - 1].kind == .closing || tokens[index - 1].kind == .lineBreak
    else { return nil }
    for casing in Casing.allCases {
      let phrase = casing.phrase
      let after = index + phrase.count
      guard after < tokens.count,
        (0..<phrase.count).allSatisfy({ tokens[index + $0].isWord && tokens[index + $0].lower == phrase[$0] })
      else { continue }
      guard tokens[after].isWord, !Self.sentenceWords.contains(tokens[after].lower) else { return nil }
      return casing
    }
    return nil
  }
}
