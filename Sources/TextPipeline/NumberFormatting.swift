/// Writes spoken numbers the way people type them (inverse text normalisation). The convention:
/// - Amounts: money, percentages, decimals and times take digits at any size: "forty nine dollars" → "$49",
///   "five dollars and fifty cents" → "$5.50", "twelve percent" → "12%", "three point five" → "3.5",
///   "two thirty p m" → "2:30 PM", "ten a m" → "10 AM", "at seven fifteen" → "at 7:15".
/// - Dates and years: "march third" → "March 3", "july eleventh twenty twenty six" → "July 11, 2026",
///   "twenty twenty six" → "2026", "nineteen ninety nine" → "1999".
/// - Phone numbers: seven or more digits said one by one → "555-1234", "555-123-4567".
/// - Counts: ten and above take digits ("twenty five people" → "25 people", "two thousand" → "2000",
///   "twelve thousand five hundred" → "12,500"); zero to nine stay words ("two people", "one of them"), as do
///   ordinals below tenth ("the third time"); "21st" from tenth on.
/// - Nothing else changes: a dictation without a spoken number comes out as it went in.
public struct NumberFormatting: TextStage {
  public let name = "numbers"

  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]
  static let currencies: [String: String] = [
    "dollar": "$", "dollars": "$", "bucks": "$", "euro": "€", "euros": "€", "pound": "£", "pounds": "£",
  ]

  /// A stage that writes spoken numbers as digits.
  public init() {}

  public func apply(_ document: inout TextDocument, context: InsertionContext) {
    var i = 0
    while i < document.tokens.count {
      if let (replacement, end) = rewrite(at: i, in: document.tokens) {
        let spaceBefore = document.tokens[i].spaceBefore
        var tokens = replacement
        tokens[0].spaceBefore = spaceBefore
        document.tokens.replaceSubrange(i..<end, with: tokens)
        i += tokens.count
      } else {
        i += 1
      }
    }
  }

  /// The tokens that replace the spoken number starting at `index`, and where it ends.
  private func rewrite(at index: Int, in tokens: [TextToken]) -> ([TextToken], Int)? {
    guard tokens[index].isWord else { return nil }
    // NB: most words start no number; only those that can are looked at further.
    let head = tokens[index].lower.split(separator: "-").first.map(String.init) ?? ""
    guard SpokenNumbers.isNumberWord(head) || SpokenNumbers.ordinalUnits[head] != nil || Self.months.contains(head)
    else { return nil }
    // Words up to the next punctuation, lower-cased; "twenty-five" is two words.
    var words: [String] = []
    var tokenOfWord: [Int] = []
    var j = index
    while j < tokens.count, tokens[j].isWord, words.count < 24 {
      for part in tokens[j].lower.split(separator: "-") {
        words.append(String(part))
        tokenOfWord.append(j)
      }
      j += 1
    }
    func tokenEnd(_ wordEnd: Int) -> Int? {
      // A hyphenated token must be used whole.
      let last = tokenOfWord[wordEnd - 1]
      if wordEnd < tokenOfWord.count, tokenOfWord[wordEnd] == last { return nil }
      return last + 1
    }
    func word(_ text: String, fixed: Bool = false) -> TextToken { TextToken(text, isFixedCase: fixed) }
    let previous = index > 0 && tokens[index - 1].isWord ? tokens[index - 1].lower : nil

    if let monthIndex = Self.months.firstIndex(of: words[0]), words.count > 1,
      let day = SpokenNumbers.ordinal(words, from: 1) ?? SpokenNumbers.cardinal(words, from: 1),
      (1...31).contains(day.value),
      // "we march twenty miles", "it may five": these months are words too, and only an ordinal day is a date.
      !["march", "may"].contains(words[0]) || SpokenNumbers.ordinal(words, from: 1) != nil
    {
      let month = Self.months[monthIndex].prefix(1).uppercased() + Self.months[monthIndex].dropFirst()
      if let year = SpokenNumbers.year(words, from: day.end), let end = tokenEnd(year.end) {
        return ([word(String(month), fixed: true), word("\(day.value),"), word("\(year.value)")], end)
      }
      guard let end = tokenEnd(day.end) else { return nil }
      return ([word(String(month), fixed: true), word("\(day.value)")], end)
    }
    if let year = SpokenNumbers.year(words, from: 0), let end = tokenEnd(year.end),
      !(year.end < words.count && SpokenNumbers.isNumberWord(words[year.end]))
    {
      return ([word("\(year.value)")], end)
    }
    if let phone = phoneNumber(words), let end = tokenEnd(phone.end) { return ([word(phone.text)], end) }
    if let ordinal = SpokenNumbers.ordinal(words, from: 0), ordinal.value >= 10, let end = tokenEnd(ordinal.end) {
      return ([word(SpokenNumbers.ordinalSuffix(ordinal.value))], end)
    }
    guard let number = SpokenNumbers.cardinal(words, from: 0) else { return nil }
    var end = number.end
    let next = end < words.count ? words[end] : nil
    // Times: "two thirty p m", "ten a m", "at seven fifteen".
    if (1...12).contains(number.value), let time = time(words, hour: number.value, from: end, after: previous),
      let tokenEnd = tokenEnd(time.end)
    {
      return (time.tokens, tokenEnd)
    }
    // Decimals: "three point five", "zero point two five".
    if next == "point", end + 1 < words.count, SpokenNumbers.digits[words[end + 1]] != nil {
      var fraction = ""
      end += 1
      while end < words.count, let digit = SpokenNumbers.digits[words[end]] {
        fraction += String(digit)
        end += 1
      }
      let unit = end < words.count && words[end] == "percent" ? "%" : ""
      if unit == "%" { end += 1 }
      guard let tokenEnd = tokenEnd(end) else { return nil }
      return ([word("\(number.value).\(fraction)\(unit)")], tokenEnd)
    }
    if next == "percent", let tokenEnd = tokenEnd(end + 1) { return ([word("\(number.value)%")], tokenEnd) }
    if let next, let symbol = Self.currencies[next] {
      end += 1
      var cents = ""
      if end + 2 < words.count, words[end] == "and", let amount = SpokenNumbers.cardinal(words, from: end + 1),
        amount.value < 100, amount.end < words.count, words[amount.end] == "cents" || words[amount.end] == "cent"
      {
        cents = "." + (amount.value < 10 ? "0" : "") + String(amount.value)
        end = amount.end + 1
      }
      guard let tokenEnd = tokenEnd(end) else { return nil }
      return ([word("\(symbol)\(SpokenNumbers.grouped(number.value))\(cents)")], tokenEnd)
    }
    guard number.value >= 10, let tokenEnd = tokenEnd(number.end) else { return nil }
    return ([word(SpokenNumbers.grouped(number.value))], tokenEnd)
  }

  /// Seven or more digits said one by one ("five five five one two three four"), grouped as a phone number.
  private func phoneNumber(_ words: [String]) -> (text: String, end: Int)? {
    var digits = ""
    var end = 0
    while end < words.count, let digit = SpokenNumbers.digits[words[end]] {
      digits += String(digit)
      end += 1
    }
    guard digits.count >= 7 else { return nil }
    let characters = Array(digits)
    switch characters.count {
    case 7: return (String(characters[0..<3]) + "-" + String(characters[3...]), end)
    case 10:
      return (String(characters[0..<3]) + "-" + String(characters[3..<6]) + "-" + String(characters[6...]), end)
    default: return (digits, end)
    }
  }

  /// A time after hour `hour`: minutes, then "a m"/"p m" (or "at" before it), and its end.
  private func time(_ words: [String], hour: Int, from start: Int, after previous: String?) -> (
    tokens: [TextToken], end: Int
  )? {
    var index = start
    var minutes: Int?
    if index + 1 < words.count, words[index] == "oh", let unit = SpokenNumbers.units[words[index + 1]], unit < 10 {
      minutes = unit
      index += 2
    } else if index < words.count, let value = SpokenNumbers.cardinal(words, from: index),
      (10...59).contains(value.value)
    {
      minutes = value.value
      index = value.end
    }
    var period: String?
    if index + 1 < words.count, ["a", "p"].contains(words[index]), words[index + 1] == "m" {
      period = words[index].uppercased() + "M"
      index += 2
    } else if index < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[index]) {
      period = words[index].hasPrefix("a") ? "AM" : "PM"
      index += 1
    }
    guard period != nil || (minutes != nil && previous == "at") else { return nil }
    var text = "\(hour)"
    if let minutes { text += ":" + (minutes < 10 ? "0" : "") + String(minutes) }
    var tokens = [TextToken(text)]
    if let period { tokens.append(TextToken(period, isFixedCase: true)) }
    return (tokens, index)
  }
}
