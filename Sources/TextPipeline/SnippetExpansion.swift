import DictationValues
/// Expands spoken snippet triggers ("my calendar") into their stored text, written exactly as stored.
public struct SnippetExpansion: TextStage {
  public let name = "snippets"

  struct Trigger: Sendable {
    var words: [String]
    var expansion: String
  }

  /// Triggers by their first word, longest first.
  let triggers: [String: [Trigger]]

  /// Precomputes the triggers of `snippets`; triggers without words are ignored.
  public init(snippets: [Snippet]) {
    var triggers: [String: [Trigger]] = [:]
    for snippet in snippets {
      let words = Self.words(snippet.trigger)
      guard let first = words.first else { continue }
      triggers[first, default: []].append(Trigger(words: words, expansion: snippet.expansion))
    }
    for key in triggers.keys { triggers[key]?.sort { $0.words.count > $1.words.count } }
    self.triggers = triggers
  }

  /// The words of a trigger or token in lower case, without punctuation.
  static func words(_ text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") })
      .map { String($0.filter { $0 != "'" && $0 != "’" }) }.filter { !$0.isEmpty }
  }

  /// The words of a token; a plain lower-case word is its own single word, without splitting.
  static func words(of token: TextToken) -> [String] {
    let lower = token.lower
    if lower.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return [lower] }
    return words(lower)
  }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    guard !triggers.isEmpty else { return }
    var i = 0
    var expanded = false
    while i < document.tokens.count {
      if let (end, expansion) = match(at: i, in: document.tokens) {
        let spaceBefore = document.tokens[i].spaceBefore
        document.tokens.replaceSubrange(
          i..<end, with: [TextToken(expansion, kind: .verbatim, spaceBefore: spaceBefore)])
        expanded = true
      }
      i += 1
    }
    if expanded { dropPeriodAfterAddress(&document) }
  }

  /// The end index and expansion of a trigger whose words start at `index` (punctuation between ignored).
  private func match(at index: Int, in tokens: [TextToken]) -> (Int, String)? {
    guard tokens[index].isWord else { return nil }
    let firstWords = Self.words(of: tokens[index])
    guard let first = firstWords.first, let candidates = triggers[first] else { return nil }
    for trigger in candidates {
      var wanted = trigger.words[...]
      var j = index
      while !wanted.isEmpty, j < tokens.count {
        let token = tokens[j]
        if token.kind == .closing || token.kind == .opening {
          // Only between the trigger's words ("my, calendar"), never before its first word.
          j += 1
          continue
        }
        guard token.isWord else { break }
        let words = Self.words(of: token)
        guard wanted.starts(with: words), !words.isEmpty else { break }
        wanted = wanted.dropFirst(words.count)
        j += 1
      }
      if wanted.isEmpty { return (j, trigger.expansion) }
    }
    return nil
  }

  /// Drops a final period the pipeline put right after an expansion ending in a URL or e-mail address,
  /// so a lone "my calendar" writes just the link.
  private func dropPeriodAfterAddress(_ document: inout TextDocument) {
    let count = document.tokens.count
    guard count >= 2, document.tokens[count - 1].text == ".", document.tokens[count - 2].kind == .verbatim else {
      return
    }
    let expansion = document.tokens[count - 2].text
    let lastWord = expansion.split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
    if CodeLikeWords.isAddress(lastWord) { document.tokens.removeLast() }
  }
}
