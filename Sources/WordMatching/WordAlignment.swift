/// A word-level change the user made to text Utter inserted: what was heard, what they wrote instead.
public struct WordSubstitution: Sendable, Hashable, Codable {
  /// The words as Utter inserted them, edge punctuation removed, e.g. `Shivor`.
  public var heard: String
  /// The words the user left in their place, e.g. `Siobhan`.
  public var corrected: String

  public init(heard: String, corrected: String) {
    self.heard = heard
    self.corrected = corrected
  }
}

/// Lines up the inserted words with the user's (an edit distance over words, ignoring case and punctuation).
public struct WordAlignment: Sendable, Hashable {
  /// One stretch of the alignment.
  public enum Step: Sendable, Hashable {
    /// The same word on both sides (case and punctuation may differ only when the letters are equal).
    case kept(String)
    /// Words that differ: either side may be empty (an insertion or a deletion).
    case changed(heard: [String], corrected: [String])
  }

  /// The most words aligned: a longer span is cut (the keyboard sends a bounded span anyway).
  public static let maxWords = 200
  /// The most words on one side of a change that still counts as a substitution rather than a rewrite.
  public static let maxChangeWords = 3

  /// The alignment, in text order.
  public let steps: [Step]
  /// How many words Utter inserted.
  public let heardWordCount: Int

  /// Aligns `heard` (the inserted text) with `corrected` (the same span after the user's edits).
  public init(heard: String, corrected: String) {
    let a = Array(Self.words(heard).prefix(Self.maxWords))
    let b = Array(Self.words(corrected).prefix(Self.maxWords))
    heardWordCount = a.count
    steps = Self.align(a, b)
  }

  /// The most words on one side of a change still reported, whole: a clause the user retyped may hold a term.
  public static let maxClauseWords = 8

  /// Each change with words on both sides (at most `maxClauseWords` each), pair by pair when sides match and are
  /// no longer than `maxChangeWords`.
  public var substitutions: [WordSubstitution] {
    var result: [WordSubstitution] = []
    for case .changed(let heard, let corrected) in steps where !heard.isEmpty && !corrected.isEmpty {
      guard heard.count <= Self.maxClauseWords, corrected.count <= Self.maxClauseWords else { continue }
      if heard.count == corrected.count, heard.count <= Self.maxChangeWords {
        for (h, c) in zip(heard, corrected) { result.append(WordSubstitution(heard: h, corrected: c)) }
      } else {
        result.append(
          WordSubstitution(heard: heard.joined(separator: " "), corrected: corrected.joined(separator: " ")))
      }
    }
    return result
  }

  /// How many words changed (the longer side of each change).
  public var changedWordCount: Int {
    steps.reduce(0) { total, step in
      if case .changed(let heard, let corrected) = step { return total + max(heard.count, corrected.count) }
      return total
    }
  }

  /// True when the user rewrote the span: more than half of four or more words changed.
  public var isRewrite: Bool {
    heardWordCount >= 4 && changedWordCount * 2 > heardWordCount
  }

  /// The words of `text` (split on whitespace) with their edge punctuation removed; pure punctuation is dropped.
  public static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0.isWhitespace }).map { trimEdges(String($0)) }.filter { !$0.isEmpty }
  }

  /// `"Siobhan,"` → `Siobhan`: quotes, brackets and sentence punctuation at either end go.
  public static func trimEdges(_ word: String) -> String {
    let edge: Set<Character> = [
      ".", ",", ";", ":", "!", "?", "\"", "'", "(", ")", "[", "]", "{", "}", "“", "”", "‘", "’", "…", "-", "—", "–",
    ]
    guard let first = word.firstIndex(where: { !edge.contains($0) }),
      let last = word.lastIndex(where: { !edge.contains($0) })
    else { return "" }
    return String(word[first...last])
  }

  /// The form two words are compared by: lower-case letters and digits.
  public static func matchKey(_ word: String) -> String {
    String(word.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  private static func align(_ a: [String], _ b: [String]) -> [Step] {
    let ka = a.map(matchKey)
    let kb = b.map(matchKey)
    let n = a.count
    let m = b.count
    // cost[i][j]: edits turning a[i...] into b[j...].
    var cost = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n, through: 0, by: -1) {
      for j in stride(from: m, through: 0, by: -1) {
        if i == n {
          cost[i][j] = m - j
        } else if j == m {
          cost[i][j] = n - i
        } else {
          let diagonal = cost[i + 1][j + 1] + (ka[i] == kb[j] ? 0 : 1)
          cost[i][j] = min(diagonal, cost[i + 1][j] + 1, cost[i][j + 1] + 1)
        }
      }
    }
    var steps: [Step] = []
    var heard: [String] = []
    var corrected: [String] = []
    func flush() {
      if !heard.isEmpty || !corrected.isEmpty { steps.append(.changed(heard: heard, corrected: corrected)) }
      heard = []
      corrected = []
    }
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, ka[i] == kb[j], cost[i][j] == cost[i + 1][j + 1] {
        let sameLetters = a[i].filter { $0.isLetter || $0.isNumber } == b[j].filter { $0.isLetter || $0.isNumber }
        if sameLetters {
          flush()
          steps.append(.kept(b[j]))
        } else {
          // The letters changed case: `iphone` → `iPhone` is a change of its own.
          flush()
          steps.append(.changed(heard: [a[i]], corrected: [b[j]]))
        }
        i += 1
        j += 1
      } else if i < n, j < m, cost[i][j] == cost[i + 1][j + 1] + 1 {
        heard.append(a[i])
        corrected.append(b[j])
        i += 1
        j += 1
      } else if i < n, cost[i][j] == cost[i + 1][j] + 1 {
        heard.append(a[i])
        i += 1
      } else {
        corrected.append(b[j])
        j += 1
      }
    }
    flush()
    return steps
  }
}
