/// Lists dictated by voice, written one item a line with its marker. The spoken forms:
/// - Bullets: "bullet point milk bullet point eggs" (or "new bullet", "next bullet", "new bullet point") →
///   "- Milk\n- Eggs". The first bullet opens the dictation, a sentence or a line, or follows a colon, the
///   word "list" or a heading of one to four words when a second bullet follows ("groceries bullet point milk
///   bullet point bread" → "Groceries\n- Milk\n- Bread"); later ones may follow any word. After "a", "the",
///   "each"… or before "is", "was"… the words are the noun ("the bullet point is too long").
/// - Numbered items: "number one call Sam number two buy milk", or "item one … item two …" → "1. Call Sam\n2. Buy
///   milk". Only a run counting up from one, with words in every item, is a list, so "our number one priority",
///   "the number two with fries" and "item one new line item two" keep their words; an item that starts with a
///   verb ("number two is cost") means the words were the subject of a sentence, and one that starts with its own
///   subject ("Number one, we need more staff") is prose counting its points.
/// The engine's commas and full stops at the edges of an item go; a list item takes no final period.
enum SpokenLists {
  /// One spoken list marker: where its words are and what it writes.
  struct Marker {
    var start: Int
    var end: Int
    /// "-" for a bullet, else the item's number.
    var number: Int?
    /// "number" or "item" for a numbered marker.
    var keyword = ""
  }

  static let bulletForms: [[String]] = [
    ["new", "bullet", "point"], ["next", "bullet", "point"], ["bullet", "point"], ["new", "bullet"],
    ["next", "bullet"],
  ]
  /// Words after a marker that make its words a noun or a subject ("bullet point lists", "number two is").
  static let nounFollowers: Set<String> = [
    "is", "was", "are", "were", "will", "would", "can", "could", "should", "has", "had", "lists", "list", "style",
    "symbol", "character", "formatting", "format", "and", "or", "of", "in", "on", "for", "with", "to",
  ]
  /// Marks the engine writes at the edges of an item ("Number one, milk. Number two, eggs.").
  static let itemEdgeMarks: Set<String> = [",", ".", ";", ":"]

  /// Writes the spoken lists of `document` as lines with markers; a document without list words is not touched.
  static func write(in document: inout TextDocument) {
    let markers = listMarkers(in: document)
    guard !markers.isEmpty else { return }
    let tokens = document.tokens
    var out: [TextToken] = []
    out.reserveCapacity(tokens.count + markers.count)
    var next = 0
    var i = 0
    while i < tokens.count {
      guard next < markers.count, markers[next].start == i else {
        out.append(tokens[i])
        i += 1
        continue
      }
      let marker = markers[next]
      next += 1
      // The previous item's end goes; a colon introducing the list stays.
      while let last = out.last, last.kind == .closing, last.text != ":", itemEdgeMarks.contains(last.text) {
        out.removeLast()
      }
      if let last = out.last, last.kind != .lineBreak { out.append(TextToken("\n", kind: .lineBreak)) }
      let text = marker.number.map { "\($0)." } ?? "-"
      out.append(TextToken(text, kind: .listMarker, isSpoken: true))
      i = marker.end
      while i < tokens.count, tokens[i].kind == .dash || itemEdgeMarks.contains(tokens[i].text) { i += 1 }
      if i < tokens.count { tokens[i].isWord ? out.append(spaced(tokens[i])) : out.append(tokens[i]) }
      i += 1
    }
    // "Bullet point eggs." The last item's full stop goes too, unless the item holds sentences of its own.
    if let last = out.last, last.kind == .closing, last.text == ".", !last.isSpoken {
      let lineStart = (out.lastIndex { $0.kind == .lineBreak } ?? -1) + 1
      let line = out[lineStart..<(out.count - 1)]
      if line.first?.kind == .listMarker, !line.contains(where: \.endsSentence) { out.removeLast() }
    }
    document.tokens = out
  }

  /// `token` with a space before it, as the first word after a marker.
  private static func spaced(_ token: TextToken) -> TextToken {
    var token = token
    token.spaceBefore = true
    return token
  }

  /// The markers in `document` that are list commands, in order.
  static func listMarkers(in document: TextDocument) -> [Marker] {
    let tokens = document.tokens
    var bullets: [Marker] = []
    var numbered: [Marker] = []
    for index in tokens.indices where tokens[index].isWord {
      let word = tokens[index].lower
      if word == "bullet" || word == "new" || word == "next", let marker = bullet(at: index, in: tokens) {
        bullets.append(marker)
      } else if word == "number" || word == "item", let marker = numberedItem(at: index, in: tokens) {
        numbered.append(marker)
      }
    }
    return (acceptedBullets(bullets, in: document) + acceptedNumbers(numbered, in: document)).sorted {
      $0.start < $1.start
    }
  }

  /// A bullet marker's words at `index`, if they are there.
  private static func bullet(at index: Int, in tokens: [TextToken]) -> Marker? {
    for form in bulletForms where index + form.count <= tokens.count {
      let matches = form.indices.allSatisfy { tokens[index + $0].isWord && tokens[index + $0].lower == form[$0] }
      if matches { return Marker(start: index, end: index + form.count) }
    }
    return nil
  }

  /// "number one", "item 2": a numbered marker's words at `index`, if they are there.
  private static func numberedItem(at index: Int, in tokens: [TextToken]) -> Marker? {
    guard index + 1 < tokens.count, tokens[index + 1].isWord else { return nil }
    let spoken = tokens[index + 1].lower
    guard let value = SpokenNumbers.units[spoken] ?? SpokenNumbers.tens[spoken] ?? Int(spoken), value >= 1 else {
      return nil
    }
    return Marker(start: index, end: index + 2, number: value, keyword: tokens[index].lower)
  }

  /// Whether a marker at `index` may open a list: at a sentence or line start, after a colon or "list".
  private static func opensList(at index: Int, in document: TextDocument) -> Bool {
    if document.startsSentence(at: index) { return true }
    let previous = document.tokens[index - 1]
    return previous.text == ":" || (previous.isWord && previous.lower == "list")
  }

  /// Whether the marker at `index` follows a heading of one to four words that opens the dictation, a sentence or a
  /// line ("groceries bullet point milk", "to do number one …"); the heading stays on a line of its own.
  private static func followsHeading(_ index: Int, in document: TextDocument) -> Bool {
    var words = 0
    var i = index - 1
    while i >= 0, document.tokens[i].isWord, words <= 4 {
      words += 1
      i -= 1
    }
    guard (1...4).contains(words), !WordLists.functionWords.contains(document.tokens[index - 1].lower) else {
      return false
    }
    return document.startsSentence(at: i + 1)
  }

  /// Whether the marker's words are a noun or a subject where they stand ("the bullet point is long"), or have
  /// no item after them.
  private static func isNoun(_ marker: Marker, in tokens: [TextToken]) -> Bool {
    if marker.start > 0, tokens[marker.start - 1].isWord,
      WordLists.determiners.contains(tokens[marker.start - 1].lower)
    {
      return true
    }
    var next = marker.end
    while next < tokens.count, tokens[next].kind == .dash || itemEdgeMarks.contains(tokens[next].text) { next += 1 }
    guard next < tokens.count, tokens[next].isWord else { return true }
    return next == marker.end && nounFollowers.contains(tokens[next].lower)
  }

  /// Whether a numbered marker is followed by a clause with its own subject ("Number one, we need more staff"):
  /// prose that counts its points, not a list.
  private static func opensClause(_ marker: Marker, in tokens: [TextToken]) -> Bool {
    var next = marker.end
    while next < tokens.count, itemEdgeMarks.contains(tokens[next].text) { next += 1 }
    guard next < tokens.count, tokens[next].isWord else { return false }
    let word = tokens[next].lower
    return WordLists.subjects.contains(word) || SentenceFormatting.isPronounI(word)
      || CourseCorrection.restatements.contains(word)
  }

  /// The bullets that are commands: the first opens a list; the list stays open until a new paragraph.
  private static func acceptedBullets(_ bullets: [Marker], in document: TextDocument) -> [Marker] {
    var accepted: [Marker] = []
    var lastEnd: Int?
    let candidates = bullets.filter { !isNoun($0, in: document.tokens) }
    for (position, marker) in candidates.enumerated() {
      // "groceries bullet point milk bullet point bread": a heading, then a list of at least two items.
      let opensAfterHeading =
        position + 1 < candidates.count && followsHeading(marker.start, in: document)
        && document.tokens[marker.end..<candidates[position + 1].start].contains(where: \.isWord)
      if let lastEnd, marker.start > lastEnd,
        !document.tokens[lastEnd..<marker.start].contains(where: { $0.text == "\n\n" })
      {
        accepted.append(marker)
      } else if opensList(at: marker.start, in: document) || opensAfterHeading {
        accepted.append(marker)
      } else {
        continue
      }
      lastEnd = marker.end
    }
    return accepted
  }

  /// The numbered markers that are commands: runs counting up from one, each item holding words.
  private static func acceptedNumbers(_ markers: [Marker], in document: TextDocument) -> [Marker] {
    var accepted: [Marker] = []
    var run: [Marker] = []
    func close() {
      if run.count >= 2 { accepted += run }
      run = []
    }
    for marker in markers where !isNoun(marker, in: document.tokens) && !opensClause(marker, in: document.tokens) {
      if let last = run.last, marker.keyword == last.keyword, marker.number == (last.number ?? 0) + 1,
        document.tokens[last.end..<marker.start].contains(where: \.isWord)
      {
        run.append(marker)
      } else if marker.number == 1,
        opensList(at: marker.start, in: document) || followsHeading(marker.start, in: document)
      {
        close()
        run = [marker]
      } else {
        close()
      }
    }
    close()
    return accepted
  }
}
