import WordMatching

/// Where a window's reading stops repeating the previous window's speech and its own words begin.
///
/// A window starts with the end of the previous stretch of speech, read again as context. Its reading therefore
/// begins with words already taken from the previous window, then goes on with its own. Two clues find the split: the
/// words before it should be the end of the text so far (an edit distance that lets the two readings differ a little),
/// and they should start before the silence between the two stretches (`Window.boundary`). A word out of place in the
/// text weighs three times as much as one on the wrong side of the silence: Whisper often times the word before a
/// pause late.
struct WindowSplit {
  /// The reading's own segments: those after the split, cut where a segment straddles it.
  var own: [TranscriptSegment]
  /// The punctuation heard right after the previous window's last word ("" when none), when the reading holds it.
  var previousEnding: String?

  /// Words of the text so far compared with the context; enough for the context's seconds of speech.
  static let comparedWords = 40

  init(reading: Transcript, window: VoicedTranscription.Window, before previous: [TranscriptSegment]) {
    guard let boundary = window.boundary else {
      own = reading.segments
      previousEnding = nil
      return
    }
    let words = reading.segments.enumerated().flatMap { index, segment in
      Self.words(of: segment).map { (segment: index, word: $0) }
    }
    // The words already taken that the context audio holds: those from where the context starts.
    let contextStart = (window.sourceRanges.first?.lowerBound).map { Double($0) / Double(engineSampleRate) } ?? 0
    let earlier = previous.flatMap { Self.words(of: $0) }.filter { $0.end > contextStart }.suffix(Self.comparedWords)
      .map { Self.key($0.text) }
    let keys = words.map { Self.key($0.word.text) }
    let matching = Self.alignmentCosts(keys, against: Array(earlier))
    let byTime = words.prefix { $0.word.start < boundary }.count
    // Words starting after the boundary among the first `i`, and before it among the rest.
    let before = words.map { $0.word.start < boundary }
    var late = [0]
    for isBefore in before { late.append(late[late.count - 1] + (isBefore ? 0 : 1)) }
    let totalEarly = before.filter { $0 }.count
    var best = 0
    var bestCost = Double.infinity
    for split in 0...words.count {
      let early = totalEarly - (split - late[split])
      let cost = 3 * matching[split] + Double(late[split] + early)
      if cost < bestCost || (cost == bestCost && abs(split - byTime) < abs(best - byTime)) {
        best = split
        bestCost = cost
      }
    }
    previousEnding = best > 0 && !previous.isEmpty ? Self.trailingPunctuation(words[best - 1].word.text) : nil
    var own: [TranscriptSegment] = []
    for (index, segment) in reading.segments.enumerated() {
      let kept = words.indices.filter { $0 >= best && words[$0].segment == index }.map { words[$0].word }
      let total = words.filter { $0.segment == index }.count
      if kept.count == total, total > 0 {
        own.append(segment)
      } else if let first = kept.first {
        var cut = segment
        cut.words = segment.words.isEmpty ? [] : kept
        cut.text = kept.map(\.text).joined(separator: " ")
        cut.start = first.start
        own.append(cut)
      }
    }
    self.own = own
  }

  /// A segment's words; a segment without word timings (a cloud engine's) is split on spaces, timed at its start.
  static func words(of segment: TranscriptSegment) -> [TranscriptWord] {
    guard segment.words.isEmpty else { return segment.words }
    return segment.text.split(separator: " ").map {
      TranscriptWord(text: String($0), start: segment.start, end: segment.end, confidence: segment.confidence)
    }
  }

  /// A word as compared: lower case, letters and digits only.
  static func key(_ word: String) -> String {
    String(word.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// For each prefix length `i` of `words`, the edits that turn `words[..<i]` into `earlier`: a missing or extra word
  /// costs 1, a word spelled differently (`favourite`, `favorite`) half.
  static func alignmentCosts(_ words: [String], against earlier: [String]) -> [Double] {
    var previous = (0...earlier.count).map(Double.init)
    var costs = [previous[earlier.count]]
    for (i, word) in words.enumerated() {
      var row = [Double](repeating: Double(i + 1), count: earlier.count + 1)
      for (j, other) in earlier.enumerated() {
        row[j + 1] = min(previous[j] + difference(word, other), previous[j + 1] + 1, row[j] + 1)
      }
      costs.append(row[earlier.count])
      previous = row
    }
    return costs
  }

  /// 0 for the same word, ½ for a spelling of it (at most one letter in four differs), else 1.
  static func difference(_ a: String, _ b: String) -> Double {
    if a == b { return a.isEmpty ? 1 : 0 }
    let longest = max(a.count, b.count)
    guard !a.isEmpty, !b.isEmpty, abs(a.count - b.count) <= longest / 4 else { return 1 }
    let allowed = longest / 4
    return EditDistance.between(Array(a.utf8), Array(b.utf8), limit: allowed) <= allowed ? 0.5 : 1
  }

  static let endingMarks: Set<Character> = [".", ",", "!", "?", ";", ":", "…"]

  /// The marks at the end of `word`: "." of "plans.", "" of "plans".
  static func trailingPunctuation(_ word: String) -> String {
    String(word.reversed().prefix { endingMarks.contains($0) }.reversed())
  }

  /// Puts `ending` in place of the punctuation that ends the last words of `segments`.
  static func replaceEnding(of segments: inout [TranscriptSegment], with ending: String) {
    guard let last = segments.lastIndex(where: { !$0.text.isEmpty }) else { return }
    func replaced(_ text: String) -> String {
      var trimmed = text
      while let mark = trimmed.last, endingMarks.contains(mark) { trimmed.removeLast() }
      return trimmed.isEmpty ? text : trimmed + ending
    }
    segments[last].text = replaced(segments[last].text)
    if !segments[last].words.isEmpty {
      segments[last].words[segments[last].words.count - 1].text = replaced(segments[last].words.last?.text ?? "")
    }
  }
}
