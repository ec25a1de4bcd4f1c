import Foundation

/// The numbers a text states, whether written as digits or words ("twenty five", "25", "3pm", "1,000"), so the
/// safety net can tell when a model changed one.
enum NumberValues {
  /// The values in `text` as decimal strings. "1" is left out: "one" is too often a pronoun ("this one").
  static func values(in text: String) -> Set<String> {
    var prepared = text.lowercased().replacingOccurrences(of: "’", with: "'")
    prepared = prepared.replacingOccurrences(of: #"(?<=\d),(?=\d{3})"#, with: "", options: .regularExpression)
    var found: Set<Int> = []
    var parser = WordNumberParser()
    for word in prepared.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
      let token = String(word)
      if let leading = Int(token.prefix(while: \.isNumber).prefix(18)), token.first?.isNumber == true {
        parser.flush(into: &found)
        found.insert(leading)
      } else if token == "and", parser.isAfterScale {
        continue
      } else if !parser.add(token) {
        parser.flush(into: &found)
      }
    }
    parser.flush(into: &found)
    found.remove(1)
    return Set(found.map(String.init))
  }
}

/// Reads a run of number words ("two hundred and five") into one value.
private struct WordNumberParser {
  private enum Kind { case unit, tens, scale }
  private var total = 0
  private var current = 0
  private var last: Kind?

  static let units: [String: Int] = [
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "first": 1, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
  ]
  static let tens: [String: Int] = [
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
  ]
  static let scales: [String: Int] = ["hundred": 100, "thousand": 1000, "million": 1_000_000]

  var isAfterScale: Bool { last == .scale }

  /// Adds `word` to the run; false when it is not a number word.
  mutating func add(_ word: String) -> Bool {
    if let value = Self.units[word] {
      if last == .unit { startOver() }
      current += value
      last = .unit
    } else if let value = Self.tens[word] {
      if last == .unit || last == .tens { startOver() }
      current += value
      last = .tens
    } else if let value = Self.scales[word] {
      if value == 100 {
        current = max(current, 1) * 100
      } else {
        total += max(current, 1) * value
        current = 0
      }
      last = .scale
    } else {
      return false
    }
    return true
  }

  private var pending: [Int] = []

  private mutating func startOver() {
    pending.append(total + current)
    total = 0
    current = 0
    last = nil
  }

  mutating func flush(into found: inout Set<Int>) {
    if last != nil { pending.append(total + current) }
    found.formUnion(pending)
    pending = []
    total = 0
    current = 0
    last = nil
  }
}
