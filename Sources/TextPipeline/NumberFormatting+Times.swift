/// Dates, clock times and phone numbers: the parts of the number convention (see `NumberFormatting`) where the
/// words around a number say what it is.
extension NumberFormatting {
  /// Denominators a clock time counts in: "quarter past three" is 3:15.
  static let clockFractions: [String: Int] = ["quarter": 15, "half": 30]
  /// Words that may follow a clock time said "quarter to …".
  static let afterClockTime: Set<String> = [
    "a", "p", "am", "pm", "tonight", "tomorrow", "today", "this", "in", "on", "and", "at", "sharp", "o'clock", "then",
  ]

  /// A date from `words[0]`: a month and a day ("march third", "june the first"), or a day and a month ("the
  /// fifth of june"), optionally a year after it ("twenty twenty four", "two thousand five").
  func date(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    var monthIndex: Int
    var day: (value: Int, end: Int)
    if words[0] == "the" {
      // "the fifth of june": only an ordinal day, then "of" and a month.
      guard words.count > 3, let ordinal = SpokenNumbers.ordinal(words, from: 1), ordinal.end + 1 < words.count,
        words[ordinal.end] == "of", let month = Self.months.firstIndex(of: words[ordinal.end + 1]),
        (1...31).contains(ordinal.value),
        // "the Fourth of July" is the holiday's name.
        !(ordinal.value == 4 && words[ordinal.end + 1] == "july" && words[1] == "fourth")
      else { return nil }
      monthIndex = month
      day = (ordinal.value, ordinal.end + 2)
    } else {
      guard let month = Self.months.firstIndex(of: words[0]), words.count > 1 else { return nil }
      monthIndex = month
      // "May the fourth be with you", "march the first recruits": only other months take "the".
      let dayStart = words[1] == "the" && words.count > 2 && !["march", "may"].contains(words[0]) ? 2 : 1
      guard
        let spokenDay = SpokenNumbers.ordinal(words, from: dayStart) ?? SpokenNumbers.cardinal(words, from: dayStart),
        (1...31).contains(spokenDay.value),
        // "we march twenty miles", "it may five": these months are words too, and only an ordinal day is a date.
        !["march", "may"].contains(words[0]) || SpokenNumbers.ordinal(words, from: dayStart) != nil,
        dayStart == 1 || SpokenNumbers.ordinal(words, from: dayStart) != nil
      else { return nil }
      day = spokenDay
    }
    let name = Self.months[monthIndex]
    let month = TextToken(name.prefix(1).uppercased() + name.dropFirst(), isFixedCase: true)
    if let year = year(words, from: day.end) {
      return ([month, TextToken("\(day.value),"), TextToken("\(year.value)")], year.end)
    }
    return ([month, TextToken("\(day.value)")], day.end)
  }

  /// Numbers joined by a spoken slash, each typed as digits: "four slash three slash two thousand" → "4/3/2000" (a
  /// date), "twenty four slash seven" → "24/7", "fifty slash fifty" → "50/50"; the last may be a year said in two
  /// halves ("twenty twenty six"). Nil unless every part between the slashes is a whole number.
  func slashedNumbers(at index: Int, in tokens: [TextToken]) -> ([TextToken], Int)? {
    var parts: [String] = []
    var start = index
    while true {
      let spoken = Words(from: start, in: tokens)
      guard !spoken.words.isEmpty else { return nil }
      let cardinal = SpokenNumbers.cardinal(spoken.words, from: 0)
      let year = parts.isEmpty ? nil : SpokenNumbers.year(spoken.words, from: 0)
      guard let number = [cardinal, year].compactMap({ $0 }).max(by: { $0.end < $1.end }),
        let end = spoken.tokenEnd(number.end)
      else { return nil }
      parts.append(String(number.value))
      let slashFollows =
        end + 1 < tokens.count && tokens[end].kind == .joiner && tokens[end].text == "/" && tokens[end + 1].isWord
      if slashFollows, number.end == spoken.words.count {
        start = end + 1
        continue
      }
      // Words after a part that is not the last ("four thirty slash …") make it no number of the list.
      guard parts.count >= 2, !slashFollows else { return nil }
      return ([TextToken(parts.joined(separator: "/"))], end)
    }
  }

  /// A year after a date: "twenty twenty four", "nineteen ninety", "two thousand five", "two thousand and five".
  private func year(_ words: [String], from start: Int) -> (value: Int, end: Int)? {
    guard start < words.count else { return nil }
    if let year = SpokenNumbers.year(words, from: start) { return year }
    guard words[start] == "two" || words[start] == "one",
      let number = SpokenNumbers.cardinal(words, from: start), (1000...2999).contains(number.value)
    else { return nil }
    return number
  }

  /// A clock time in words: "quarter past three" → 3:15, "a quarter to nine" → 8:45, "half past six" → 6:30,
  /// "ten past nine" → 9:10, "five o'clock" → "5 o'clock"; "a m"/"p m" after it are written too. "ten to nine"
  /// stays words (odds and ranges are said the same way).
  func clockTime(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    var index = words[0] == "a" ? 1 : 0
    guard index + 2 < words.count else {
      return oClock(words)
    }
    let minutes: Int
    let past: Bool
    if let fraction = Self.clockFractions[words[index]] {
      minutes = fraction
      index += 1
    } else if index == 0, let number = SpokenNumbers.cardinal(words, from: 0), (1...29).contains(number.value),
      number.end + 1 < words.count, words[number.end] == "past"
    {
      minutes = number.value
      index = number.end
      if index < words.count, words[index] == "minutes" { index += 1 }
    } else {
      return oClock(words)
    }
    guard index + 1 < words.count, words[index] == "past" || (words[index] == "to" && minutes == 15) else {
      return nil
    }
    past = words[index] == "past"
    guard let hour = SpokenNumbers.cardinal(words, from: index + 1), (1...12).contains(hour.value) else { return nil }
    // "a quarter to one person" is a share: before the hour only the end of a phrase or a word of time.
    if !past, hour.end < words.count, !Self.afterClockTime.contains(words[hour.end]) { return nil }
    var end = hour.end
    let shownHour = past ? hour.value : (hour.value == 1 ? 12 : hour.value - 1)
    let shownMinutes = past ? minutes : 60 - minutes
    var tokens = [TextToken("\(shownHour):" + (shownMinutes < 10 ? "0" : "") + "\(shownMinutes)")]
    if let period = period(words, from: end) {
      tokens.append(TextToken(period.text, isFixedCase: true))
      end = period.end
    }
    return (tokens, end)
  }

  /// "five o'clock" → "5 o'clock", with "a m"/"p m" after it written as "5 PM".
  private func oClock(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    guard let hour = SpokenNumbers.cardinal(words, from: 0), (1...12).contains(hour.value), hour.end < words.count,
      words[hour.end] == "o'clock" || words[hour.end] == "o’clock" || words[hour.end] == "oclock"
    else { return nil }
    if let period = period(words, from: hour.end + 1) {
      return ([TextToken("\(hour.value)"), TextToken(period.text, isFixedCase: true)], period.end)
    }
    return ([TextToken("\(hour.value)"), TextToken("o'clock")], hour.end + 1)
  }

  /// "a m", "p m", "am", "pm" at `start`, written "AM"/"PM".
  func period(_ words: [String], from start: Int) -> (text: String, end: Int)? {
    if start + 1 < words.count, ["a", "p"].contains(words[start]), words[start + 1] == "m" {
      return (words[start].uppercased() + "M", start + 2)
    }
    if start < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[start]) {
      return (words[start].hasPrefix("a") ? "AM" : "PM", start + 1)
    }
    return nil
  }

  /// A time after hour `hour`: minutes, then "a m"/"p m" (or "at" before it), and its end.
  func time(_ words: [String], hour: Int, from start: Int, after previous: String?) -> (
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
    let spokenPeriod = period(words, from: index)
    if let spokenPeriod { index = spokenPeriod.end }
    guard spokenPeriod != nil || (minutes != nil && previous.map(Self.timeIntroducers.contains) == true) else {
      return nil
    }
    var text = "\(hour)"
    if let minutes { text += ":" + (minutes < 10 ? "0" : "") + String(minutes) }
    var tokens = [TextToken(text)]
    if let spokenPeriod { tokens.append(TextToken(spokenPeriod.text, isFixedCase: true)) }
    return (tokens, index)
  }

  /// Seven or more digits said one by one ("five five five one two three four"), grouped as a phone number; "plus"
  /// and a country code before them ("plus one …" → "+1 555-123-4567", "plus four four …" → "+44 …"), and "double
  /// five" or "triple oh" said for repeated digits.
  func phoneNumber(_ words: [String]) -> (text: String, end: Int)? {
    var digits = ""
    var end = words[0] == "plus" ? 1 : 0
    while end < words.count {
      if words[end] == "double" || words[end] == "triple", end + 1 < words.count,
        let digit = SpokenNumbers.digits[words[end + 1]]
      {
        digits += String(repeating: String(digit), count: words[end] == "double" ? 2 : 3)
        end += 2
      } else if let digit = SpokenNumbers.digits[words[end]] {
        digits += String(digit)
        end += 1
      } else if words[end] == "hundred", !digits.isEmpty, end > 0, SpokenNumbers.digits[words[end - 1]] != nil {
        // "one eight hundred …": a toll-free prefix said as a number.
        digits += "00"
        end += 1
      } else {
        break
      }
    }
    guard digits.count >= 7 else { return nil }
    var characters = Array(digits)
    var prefix = ""
    if words[0] == "plus" {
      // Country codes of one digit (+1, +7), else two; the rest stays as said but for the +1 plan's grouping.
      let codeLength = characters[0] == "1" || characters[0] == "7" ? 1 : 2
      let code = String(characters[0..<codeLength])
      characters.removeFirst(codeLength)
      guard code == "1", characters.count == 10 else { return ("+" + code + " " + String(characters), end) }
      prefix = "+1 "
    } else if characters.count == 11, characters[0] == "1" {
      prefix = "1-"
      characters.removeFirst()
    }
    switch characters.count {
    case 7: return (prefix + String(characters[0..<3]) + "-" + String(characters[3...]), end)
    case 10:
      let grouped = String(characters[0..<3]) + "-" + String(characters[3..<6]) + "-" + String(characters[6...])
      return (prefix + grouped, end)
    default: return (prefix + String(characters), end)
    }
  }
}
