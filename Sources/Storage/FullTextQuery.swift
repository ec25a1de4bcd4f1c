/// Turns what a user typed into a safe FTS5 query: every word is quoted (so `AND`, `*`, `"` or `col:` are just
/// text) and matched as a prefix (so "kube" finds "Kubernetes"); text in double quotes is an exact phrase.
public enum FullTextQuery {
  /// The FTS5 MATCH pattern for `input`, or nil when it holds no searchable word.
  public static func pattern(for input: String) -> String? {
    var clauses: [String] = []
    var inPhrase = false
    for (index, segment) in input.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
      inPhrase = index % 2 == 1
      if inPhrase {
        let words = tokens(in: segment)
        if !words.isEmpty { clauses.append(quoted(words)) }
      } else {
        for chunk in segment.split(whereSeparator: { $0.isWhitespace }) {
          let words = tokens(in: chunk)
          if !words.isEmpty { clauses.append(quoted(words) + "*") }
        }
      }
    }
    return clauses.isEmpty ? nil : clauses.joined(separator: " ")
  }

  /// Runs of letters and digits: exactly what the unicode61 tokenizer keeps.
  static func tokens(in text: Substring) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// A quoted FTS5 string; the tokens hold no quote, so nothing needs doubling.
  static func quoted(_ words: [String]) -> String {
    "\"" + words.joined(separator: " ") + "\""
  }
}
