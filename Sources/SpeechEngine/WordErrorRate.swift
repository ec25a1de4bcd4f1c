/// Word error rate between a reference and a hypothesis, after the usual normalisation: case, punctuation,
/// hyphens, digits spelled as words, and common English abbreviations (Mr → mister).
public struct WordErrorCount: Sendable, Hashable {
  public var substitutions = 0
  public var deletions = 0
  public var insertions = 0
  public var referenceWords = 0

  public init() {}

  public var errors: Int { substitutions + deletions + insertions }
  public var rate: Double { referenceWords == 0 ? (errors == 0 ? 0 : 1) : Double(errors) / Double(referenceWords) }

  public static func + (lhs: Self, rhs: Self) -> Self {
    var sum = lhs
    sum.substitutions += rhs.substitutions
    sum.deletions += rhs.deletions
    sum.insertions += rhs.insertions
    sum.referenceWords += rhs.referenceWords
    return sum
  }
}

public enum WordErrorRate {
  /// Counts the edits that turn `reference` into `hypothesis`, word by word.
  public static func count(reference: String, hypothesis: String) -> WordErrorCount {
    let ref = normalizedWords(reference)
    let hyp = normalizedWords(hypothesis)
    // Levenshtein over words, remembering which edit each cell came from.
    struct Cell { var cost: Int; var sub: Int; var del: Int; var ins: Int }
    var previous = (0...hyp.count).map { Cell(cost: $0, sub: 0, del: 0, ins: $0) }
    for i in 1...max(ref.count, 1) where !ref.isEmpty {
      var current = [Cell(cost: i, sub: 0, del: i, ins: 0)]
      for j in 1...max(hyp.count, 1) where !hyp.isEmpty {
        let diagonal = previous[j - 1]
        let match = ref[i - 1] == hyp[j - 1]
        var best = Cell(
          cost: diagonal.cost + (match ? 0 : 1), sub: diagonal.sub + (match ? 0 : 1), del: diagonal.del,
          ins: diagonal.ins)
        let up = previous[j]
        if up.cost + 1 < best.cost { best = Cell(cost: up.cost + 1, sub: up.sub, del: up.del + 1, ins: up.ins) }
        let left = current[j - 1]
        if left.cost + 1 < best.cost {
          best = Cell(cost: left.cost + 1, sub: left.sub, del: left.del, ins: left.ins + 1)
        }
        current.append(best)
      }
      previous = current
    }
    let last = previous[previous.count - 1]
    var result = WordErrorCount()
    result.referenceWords = ref.count
    if ref.isEmpty {
      result.insertions = hyp.count
    } else {
      result.substitutions = last.sub
      result.deletions = last.del
      result.insertions = last.ins
    }
    return result
  }

  /// The words compared: lower case, no punctuation, numbers spelled out.
  public static func normalizedWords(_ text: String) -> [String] {
    var cleaned = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber || character == "'" {
        cleaned.append(character)
      } else {
        cleaned.append(" ")
      }
    }
    var words: [String] = []
    for raw in cleaned.split(separator: " ") {
      let word = raw.trimmingCharacters(in: ["'"])
      guard !word.isEmpty else { continue }
      if let number = Int(word), number >= 0, number < 1_000_000 {
        words += NumberWords.spell(number)
      } else if let expansion = abbreviations[word] {
        words.append(expansion)
      } else {
        words.append(word)
      }
    }
    return words
  }

  static let abbreviations = ["mr": "mister", "mrs": "missus", "ms": "miss", "dr": "doctor", "ok": "okay"]
}

/// English words for whole numbers below a million.
enum NumberWords {
  static let ones = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
  ]
  static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

  static func spell(_ number: Int) -> [String] {
    if number < 20 { return [ones[number]] }
    if number < 100 { return [tens[number / 10]] + (number % 10 == 0 ? [] : [ones[number % 10]]) }
    if number < 1000 { return [ones[number / 100], "hundred"] + (number % 100 == 0 ? [] : spell(number % 100)) }
    return spell(number / 1000) + ["thousand"] + (number % 1000 == 0 ? [] : spell(number % 1000))
  }
}
