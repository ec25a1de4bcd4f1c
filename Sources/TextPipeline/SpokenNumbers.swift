/// Reading numbers said as words: "twenty five", "one hundred and five", "twenty twenty six", "third".
enum SpokenNumbers {
  static let units: [String: Int] = [
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
  ]
  static let tens: [String: Int] = [
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
  ]
  static let scales: [String: Int] = [
    "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 1_000_000_000_000,
  ]
  /// Scales written as words after the digits: "2 million", "2.5 billion".
  static let writtenScales: Set<String> = ["million", "billion", "trillion"]
  /// Fractions said after "and" that a number takes as decimals: "two and a half" is 2.5.
  static let fractionTails: [(words: [String], decimals: String)] = [
    (["a", "half"], "5"), (["one", "half"], "5"), (["a", "quarter"], "25"), (["one", "quarter"], "25"),
    (["three", "quarters"], "75"),
  ]
  static let ordinalUnits: [String: Int] = [
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80,
    "ninetieth": 90,
  ]
  /// Digits said one by one, as in a phone number ("oh" is zero there).
  static let digits: [String: Int] = [
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9,
  ]

  /// Whether `word` is part of a spoken number.
  static func isNumberWord(_ word: String) -> Bool {
    units[word] != nil || tens[word] != nil || scales[word] != nil || word == "hundred"
  }

  /// The cardinal number said by `words` from `start` ("one hundred and five"), and where it ends; two plain
  /// numbers in a row ("five five", "twenty thirty") are two numbers, not one.
  static func cardinal(_ words: [String], from start: Int) -> (value: Int, end: Int)? {
    var total = 0
    var current = 0
    var index = start
    var last: Kind = .none
    var end = start
    while index < words.count {
      let word = words[index]
      if let unit = units[word] {
        guard last == .none || last == .hundred || last == .scale || (last == .tens && unit < 10) || last == .and
        else { break }
        current += unit
        last = unit < 10 ? .unit : .teen
      } else if let ten = tens[word] {
        guard last == .none || last == .hundred || last == .scale || last == .and else { break }
        current += ten
        last = .tens
      } else if word == "hundred" {
        guard last == .unit || last == .teen || (last == .none && index > start) else { break }
        current = max(current, 1) * 100
        last = .hundred
      } else if let scale = scales[word] {
        guard last != .none, last != .scale, last != .and else { break }
        total += max(current, 1) * scale
        current = 0
        last = .scale
      } else if word == "and", last == .hundred || last == .scale, index + 1 < words.count,
        units[words[index + 1]] != nil || tens[words[index + 1]] != nil
      {
        last = .and
      } else {
        break
      }
      index += 1
      if last != .and { end = index }
    }
    guard end > start else { return nil }
    return (total + current, end)
  }

  /// A number as written: a whole number or a decimal ("three point five"), its value and where it ends.
  struct Quantity {
    /// The digits, with the scale word after them when it is written as a word ("2.5 million").
    var text: String
    var value: Double
    var isDecimal: Bool
    var end: Int
    /// Whether the number's last word is "hundred", "thousand", "million" or "billion".
    var endsWithScale: Bool
    /// Whether the decimals came from a fraction ("two and a half"), which is said, like a whole number, in words
    /// below ten unless a unit asks for digits.
    var isFraction = false
  }

  /// The number said from `start`, with a decimal part after "point" ("two point five") or a fraction after "and"
  /// ("two and a half"); a round number of millions or more keeps its scale as a word ("2.5 million").
  static func quantity(_ words: [String], from start: Int) -> Quantity? {
    guard let number = cardinal(words, from: start) else { return nil }
    let lastWord = words[number.end - 1]
    let endsWithScale = lastWord == "hundred" || scales[lastWord] != nil
    var end = number.end
    if end + 2 < words.count, words[end] == "and" {
      for tail in fractionTails where end + 1 + tail.words.count <= words.count {
        guard Array(words[(end + 1)..<(end + 1 + tail.words.count)]) == tail.words else { continue }
        end += 1 + tail.words.count
        var text = "\(number.value).\(tail.decimals)"
        var value = Double(text) ?? 0
        if end < words.count, writtenScales.contains(words[end]), let scale = scales[words[end]], number.value < 1000 {
          text += " " + words[end]
          value *= Double(scale)
          end += 1
        }
        return Quantity(text: text, value: value, isDecimal: true, end: end, endsWithScale: false, isFraction: true)
      }
    }
    guard end + 1 < words.count, words[end] == "point", decimalDigit(words[end + 1]) != nil else {
      // "two million", "twenty five billion": the scale stays a word when nothing smaller follows it.
      if writtenScales.contains(lastWord), let scale = scales[lastWord], number.value % scale == 0,
        words[start..<(number.end - 1)].allSatisfy({ scales[$0] == nil })
      {
        return Quantity(
          text: "\(number.value / scale) \(lastWord)", value: Double(number.value), isDecimal: false, end: end,
          endsWithScale: true)
      }
      return Quantity(
        text: grouped(number.value), value: Double(number.value), isDecimal: false, end: end,
        endsWithScale: endsWithScale)
    }
    var fraction = ""
    end += 1
    while end < words.count, let digit = decimalDigit(words[end]) {
      fraction += String(digit)
      end += 1
    }
    var text = "\(number.value).\(fraction)"
    var value = Double(text) ?? 0
    // "two point five million" is written "2.5 million".
    if end < words.count, writtenScales.contains(words[end]), let scale = scales[words[end]] {
      text += " " + words[end]
      value *= Double(scale)
      end += 1
    }
    return Quantity(text: text, value: value, isDecimal: true, end: end, endsWithScale: false)
  }

  /// A digit after "point": "oh" and the letter "o" are zero there ("twenty point five o six" is 20.506).
  static func decimalDigit(_ word: String) -> Int? {
    word == "o" ? 0 : digits[word]
  }

  /// A year said in two halves ("nineteen ninety nine", "twenty twenty six", "twenty oh five"), and its end.
  static func year(_ words: [String], from start: Int) -> (value: Int, end: Int)? {
    guard start + 1 < words.count else { return nil }
    let century: Int
    if let teen = units[words[start]], teen >= 10 {
      century = teen
    } else if words[start] == "twenty" {
      century = 20
    } else {
      return nil
    }
    let next = words[start + 1]
    if next == "hundred" { return (century * 100, start + 2) }
    if next == "oh", start + 2 < words.count, let unit = units[words[start + 2]], unit < 10, unit > 0 {
      return (century * 100 + unit, start + 3)
    }
    if let teen = units[next], teen >= 10 { return (century * 100 + teen, start + 2) }
    if let ten = tens[next] {
      if start + 2 < words.count, let unit = units[words[start + 2]], unit > 0, unit < 10 {
        return (century * 100 + ten + unit, start + 3)
      }
      return (century * 100 + ten, start + 2)
    }
    return nil
  }

  /// An ordinal ("third", "twenty first", "one hundred eleventh", "two thousand and first"), and its end.
  static func ordinal(_ words: [String], from start: Int) -> (value: Int, end: Int)? {
    if let below = ordinalBelowHundred(words, from: start) { return below }
    // "one hundred eleventh", "one hundred twenty first": hundreds or more said as a number, then the ordinal.
    guard SpokenNumbers.isNumberWord(words[start]), let head = cardinal(words, from: start), head.value >= 100,
      head.end < words.count
    else { return nil }
    let last = words[head.end - 1]
    if last == "hundred" || scales[last] != nil {
      let restStart = words[head.end] == "and" ? head.end + 1 : head.end
      guard restStart < words.count, let rest = ordinalBelowHundred(words, from: restStart) else { return nil }
      return (head.value + rest.value, rest.end)
    }
    guard tens[last] != nil, let unit = ordinalUnits[words[head.end]], unit < 10 else { return nil }
    return (head.value + unit, head.end + 1)
  }

  /// An ordinal below a hundred ("third", "twenty first", "fortieth"), and its end.
  private static func ordinalBelowHundred(_ words: [String], from start: Int) -> (value: Int, end: Int)? {
    if let value = ordinalUnits[words[start]] { return (value, start + 1) }
    if let ten = tens[words[start]], start + 1 < words.count, let unit = ordinalUnits[words[start + 1]], unit < 10 {
      return (ten + unit, start + 2)
    }
    return nil
  }

  /// "1st", "2nd", "3rd", "11th", "21st".
  static func ordinalSuffix(_ value: Int) -> String {
    let lastTwo = value % 100
    if (11...13).contains(lastTwo) { return "\(value)th" }
    switch value % 10 {
    case 1: return "\(value)st"
    case 2: return "\(value)nd"
    case 3: return "\(value)rd"
    default: return "\(value)th"
    }
  }

  /// `value` with thousands separators from 10,000 up ("2500", "12,500"), or from `from` up (money: "7,702").
  static func grouped(_ value: Int, from: Int = 10_000) -> String {
    let plain = String(value)
    guard value >= from else { return plain }
    var result = ""
    for (offset, character) in plain.enumerated() {
      if offset > 0, (plain.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }

  private enum Kind { case none, unit, teen, tens, hundred, scale, and }
}
