/// Splits raw engine text into tokens.
enum TextTokenizer {
  static let openers: Set<Character> = ["(", "[", "{", "“", "‘", "¿", "¡"]
  static let leadingClosers: Set<Character> = [",", ";", "!", "?", ")", "]", "}", "”"]
  static let closers: Set<Character> = [",", ".", "?", "!", ":", ";", ")", "]", "}", "”", "…"]
  static let dashes: Set<String> = ["-", "–", "—", "--"]

  /// The tokens of `text`, with line breaks for newlines and no leading or trailing breaks.
  static func tokens(in text: String) -> [TextToken] {
    var result: [TextToken] = []
    result.reserveCapacity(text.count / 4 + 1)
    var quoteOpen = false
    var chunk = ""
    var spaceBefore = false
    var newlines = 0

    func flush() {
      guard !chunk.isEmpty else { return }
      if newlines > 0, !result.isEmpty {
        result.append(TextToken(newlines > 1 ? "\n\n" : "\n", kind: .lineBreak))
      }
      appendChunk(chunk, spaceBefore: spaceBefore && !result.isEmpty, to: &result, quoteOpen: &quoteOpen)
      chunk = ""
      newlines = 0
      spaceBefore = false
    }

    for character in text {
      if character.isNewline {
        flush()
        newlines += 1
        spaceBefore = true
      } else if character.isWhitespace {
        flush()
        spaceBefore = true
      } else {
        chunk.append(character)
      }
    }
    flush()
    return result
  }

  /// Whether `chunk`, first on its line, marks a list item: `-`, `*`, `•` or a number and a period (`12.`).
  static func isListMarker(_ chunk: String) -> Bool {
    if chunk == "-" || chunk == "*" || chunk == "•" { return true }
    guard chunk.count >= 2, chunk.count <= 3, chunk.last == "." else { return false }
    return chunk.dropLast().allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Appends the tokens of one whitespace-delimited chunk: leading openers, the core, trailing closers.
  private static func appendChunk(
    _ chunk: String, spaceBefore: Bool, to result: inout [TextToken], quoteOpen: inout Bool
  ) {
    if result.isEmpty || result.last?.kind == .lineBreak, isListMarker(chunk) {
      result.append(TextToken(chunk, kind: .listMarker))
      return
    }
    if dashes.contains(chunk) {
      result.append(TextToken(chunk, kind: .dash, spaceBefore: spaceBefore))
      return
    }
    if chunk == "\"" {
      let kind: TextToken.Kind = quoteOpen ? .closing : .opening
      quoteOpen.toggle()
      result.append(TextToken(chunk, kind: kind, spaceBefore: kind == .opening ? spaceBefore : false))
      return
    }
    var characters = Array(chunk)
    var start = 0
    var end = characters.count
    var first = true

    // Leading opening marks and stray closing marks (",world").
    while start < end {
      let c = characters[start]
      let kind: TextToken.Kind
      if openers.contains(c) || (c == "\"" && end - start > 1) {
        kind = .opening
        if c == "\"" { quoteOpen = true }
      } else if leadingClosers.contains(c) && end - start > 1 {
        kind = .closing
      } else {
        break
      }
      result.append(TextToken(String(c), kind: kind, spaceBefore: first ? spaceBefore : false))
      first = false
      start += 1
    }

    // Trailing closing marks, collected right to left.
    var trailing: [TextToken] = []
    let core = characters[start..<end]
    let hasOpenParen = core.contains("(")
    let hasOpenBracket = core.contains("[")
    while end > start {
      let c = characters[end - 1]
      if c == ".", end - start >= 3, characters[end - 2] == ".", characters[end - 3] == "." {
        trailing.append(TextToken("...", kind: .closing))
        end -= 3
        continue
      }
      if c == "\"" && quoteOpen {
        quoteOpen = false
        trailing.append(TextToken("\"", kind: .closing))
        end -= 1
        continue
      }
      guard closers.contains(c) else { break }
      if c == ")" && hasOpenParen { break }
      if c == "]" && hasOpenBracket { break }
      trailing.append(TextToken(String(c), kind: .closing))
      end -= 1
    }
    if end > start {
      characters = Array(characters[start..<end])
      let word = String(characters)
      result.append(TextToken(word, kind: .word, spaceBefore: first ? spaceBefore : false))
      first = false
    }
    for (offset, token) in trailing.reversed().enumerated() {
      var token = token
      token.spaceBefore = first && offset == 0 ? spaceBefore : false
      result.append(token)
    }
  }
}
