extension TextDocument {
  /// Tokens in one block: a stage that removes words edits one block at a time, so that its work stays linear
  /// in the length of a dictation however many words it removes.
  static let blockSize = 400

  /// Runs `edit` on consecutive blocks of the document, cut after a sentence end or line break (else after a
  /// comma, else at `blockSize` tokens), and joins the results. Documents of one block are edited whole.
  mutating func editInBlocks(_ edit: (inout TextDocument) -> Void) {
    guard tokens.count > Self.blockSize else {
      edit(&self)
      return
    }
    var result: [TextToken] = []
    result.reserveCapacity(tokens.count)
    var start = 0
    while start < tokens.count {
      let end = Self.blockEnd(in: tokens, from: start)
      var block = TextDocument(tokens: Array(tokens[start..<end]))
      edit(&block)
      reasons += block.reasons
      if let previous = result.last, let first = block.tokens.first {
        // The block's first token is spaced against the end of the block before it.
        var pair = TextDocument(tokens: [previous, first])
        pair.normalizeSpacing(at: 1)
        block.tokens[0].spaceBefore = pair.tokens[1].spaceBefore
      }
      result.append(contentsOf: block.tokens)
      start = end
    }
    tokens = result
  }

  /// Where the block starting at `start` ends: after the last sentence end or line break within the block size,
  /// else after its last comma, else at the block size.
  static func blockEnd(in tokens: [TextToken], from start: Int) -> Int {
    let limit = min(tokens.count, start + blockSize)
    guard limit < tokens.count else { return limit }
    var comma: Int?
    var index = limit - 1
    while index > start {
      let token = tokens[index]
      if token.endsSentence || token.kind == .lineBreak { return index + 1 }
      if comma == nil, token.text == "," { comma = index + 1 }
      index -= 1
    }
    if let comma { return comma }
    // No mark to cut at: cut between two different words, neither of which may belong to a stutter or a
    // spoken correction ("the | the", "no | wait").
    index = limit
    while index > start + blockSize / 2 {
      let before = tokens[index - 1].lower
      let after = tokens[index].lower
      if before != after, !Self.joiningWords.contains(before), !Self.joiningWords.contains(after),
        !Self.phraseWords.contains(before), !Self.phraseWords.contains(after),
        !SpokenNumbers.isNumberWord(before), !SpokenNumbers.isNumberWord(after)
      {
        return index
      }
      index -= 1
    }
    return limit
  }

  /// Words of spoken phrases a later stage reads as one ("twenty five", "question mark", "dot com", "bullet
  /// point"): a cut never falls next to one of them.
  static let phraseWords: Set<String> = {
    var words = Set(SpokenPunctuation.commands.flatMap(\.words))
    for word in [
      "dot", "slash", "dash", "colon", "at", "point", "bullet", "number", "item", "percent", "dollars",
      "cents", "a", "p", "m", "o", "oh", "and", "to", "minus", "degrees", "hundred", "thousand", "million", "billion",
    ] {
      words.insert(word)
    }
    return words
  }()

  /// Words that may take part in a stutter or a spoken correction across a cut.
  static let joiningWords: Set<String> = [
    "no", "wait", "scratch", "strike", "forget", "that", "never", "mind", "start", "over", "make", "i", "mean",
    "meant", "sorry", "actually", "or", "rather", "um", "uh", "you", "know", "like", "so", "and", "the", "a",
  ]
}
