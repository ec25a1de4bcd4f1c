/// Amounts, measurements and ranges: the parts of the number convention (see `NumberFormatting`) where a unit
/// or a second number decides how a number is written.
extension NumberFormatting {
  /// The unit said after a number: a currency before it ("$"), a mark after it ("%", "°C"), or an abbreviation
  /// written as its own word ("km").
  struct Unit {
    var prefix = ""
    var suffix = ""
    var abbreviation: String?
    var end: Int

    /// Whether the number must take digits whatever its size.
    var forcesDigits: Bool { !prefix.isEmpty || !suffix.isEmpty || abbreviation != nil }
  }

  /// The unit at `start`, if one is said there.
  func unit(_ words: [String], from start: Int, after previous: String? = nil) -> Unit? {
    guard start < words.count else { return nil }
    if words[start] == "percent" { return Unit(suffix: "%", end: start + 1) }
    if let symbol = Self.coins[words[start]] { return Unit(suffix: symbol, end: start + 1) }
    // "ten pounds of flour", "lost five pounds": a weight.
    let isWeight =
      words[start].hasPrefix("pound")
      && (start + 1 < words.count && words[start + 1] == "of" || previous.map(Self.weighing.contains) == true)
    if let symbol = Self.currencies[words[start]], !isWeight { return Unit(prefix: symbol, end: start + 1) }
    if let temperature = SpokenUnits.temperature(words, from: start) {
      return Unit(suffix: temperature.written, end: temperature.end)
    }
    if let abbreviation = SpokenUnits.abbreviation(words, from: start) {
      return Unit(abbreviation: abbreviation.written, end: abbreviation.end)
    }
    // "fifty k" (thousands, or a race): "50K".
    if words[start] == "k" { return Unit(suffix: "K", end: start + 1) }
    return nil
  }

  /// A number with a unit that forces digits: "$49", "$5.50", "12%", "20°C", "5 km".
  func amount(_ words: [String], quantity: SpokenNumbers.Quantity, after previous: String? = nil) -> (
    tokens: [TextToken], end: Int
  )? {
    guard var unit = unit(words, from: quantity.end, after: previous) else { return nil }
    var cents = ""
    // "five dollars and fifty cents", "five dollars fifty", "twenty euros and five cents".
    if !unit.prefix.isEmpty, !quantity.isDecimal, !quantity.text.contains(" ") {
      let centsStart = unit.end < words.count && words[unit.end] == "and" ? unit.end + 1 : unit.end
      if let amount = SpokenNumbers.cardinal(words, from: centsStart), amount.value < 100 {
        let saysCents = amount.end < words.count && (words[amount.end] == "cents" || words[amount.end] == "cent")
        // Without "cents", only two digits straight after the currency ("five dollars fifty") are cents.
        let bareCents =
          centsStart == unit.end && amount.value >= 10 && unit.prefix == "$" || unit.prefix == "€"
          || unit.prefix == "£"
        let followsUnit =
          amount.end < words.count && (self.unit(words, from: amount.end) != nil || words[amount.end] == "and")
        if saysCents || (bareCents && centsStart == unit.end && amount.value >= 10 && !followsUnit) {
          cents = "." + (amount.value < 10 ? "0" : "") + String(amount.value)
          unit.end = saysCents ? amount.end + 1 : amount.end
        }
      }
    }
    let number = unit.prefix.isEmpty ? quantity.text : Self.money(quantity.text)
    var tokens = NumberFormatting.written(unit.prefix + number + cents + unit.suffix)
    if let abbreviation = unit.abbreviation { tokens.append(TextToken(abbreviation, isFixedCase: true)) }
    return (tokens, unit.end)
  }

  /// A range ("five to ten minutes") or a pair ("eight or ten") starting with `first`, written in one form; empty
  /// tokens mean both numbers stay words. Nil when no second number follows.
  func range(
    _ words: [String], first: SpokenNumbers.Quantity, after previous: String?, startsSentence: Bool
  ) -> (tokens: [TextToken], end: Int)? {
    guard first.end + 1 < words.count, let second = SpokenNumbers.quantity(words, from: first.end + 1) else {
      return nil
    }
    let connector = words[first.end]
    let isRange = connector == "to" || connector == "through"
    guard isRange || connector == "and" || connector == "or" else { return nil }
    let keep: ([TextToken], Int) = ([], second.end)
    let fromRange = isRange && previous == "from"
    // "from nine to five": two hours, whichever comes first.
    let hours =
      fromRange && !first.isDecimal && !second.isDecimal && (1...12).contains(first.value)
      && (1...12).contains(second.value)
    // "at five to ten" is a time, "ten to one" odds, "one to one" a meeting.
    if isRange, !fromRange, previous == "at" { return keep }
    if isRange, second.value <= first.value, !hours { return keep }
    // "five to ten thousand" is said with one scale for both: left as said rather than guessed.
    if second.endsWithScale, !first.endsWithScale { return keep }
    let unit = unit(words, from: second.end)
    let forced = unit?.forcesDigits == true || first.isDecimal || second.isDecimal || hours
    guard forced || max(first.value, second.value) >= 10, forced || !startsSentence else { return keep }
    let end = unit?.end ?? second.end
    // "ten to five" may be a time (4:50); "ten to fifty" never is, as no hour is fifty.
    let mayBeTime = second.value <= 12 && first.value < 60
    if connector == "to", !fromRange, !forced, mayBeTime {
      // A bare range counts something named after it: "it's five to ten" is a time of day.
      guard end < words.count, !WordLists.functionWords.contains(words[end]),
        !["now", "already", "sharp"].contains(words[end])
      else { return keep }
    }
    let prefix = unit?.prefix ?? ""
    let suffix = unit?.suffix ?? ""
    let low = prefix.isEmpty ? first.text : Self.money(first.text)
    let high = prefix.isEmpty ? second.text : Self.money(second.text)
    var tokens: [TextToken]
    if isRange && !fromRange {
      tokens = [TextToken("\(prefix)\(low)–\(prefix)\(high)\(suffix)")]
    } else {
      tokens = [TextToken(prefix + low + suffix), TextToken(connector), TextToken(prefix + high + suffix)]
    }
    if let abbreviation = unit?.abbreviation { tokens.append(TextToken(abbreviation, isFixedCase: true)) }
    return (tokens, end)
  }

  /// An amount of money as typed, with thousands separators from 1,000: "7702.25" → "7,702.25", "12,500" stays;
  /// a scale word stays a word ("2.5 million").
  static func money(_ text: String) -> String {
    guard !text.contains(" ") else { return text }
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = Int(parts[0].filter { $0 != "," }) else { return text }
    return SpokenNumbers.grouped(whole, from: 1_000) + (parts.count > 1 ? "." + parts[1] : "")
  }

  /// Denominators of a fraction said before a measure ("three quarters cup").
  static let denominators: [String: Int] = [
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
    "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8,
  ]
  /// Measures of a recipe or a ruler, which take a fraction as typed: "3/4 cup", "1 1/2 teaspoons".
  static let fractionMeasures: Set<String> = [
    "cup", "cups", "teaspoon", "teaspoons", "tablespoon", "tablespoons", "tsp", "tbsp", "inch", "inches", "oz",
    "ounce", "ounces", "pound", "pounds", "lb", "gallon", "gallons", "pint", "pints", "liter", "liters", "litre",
    "litres", "mile", "miles",
  ]

  /// A fraction before a measure: "one half cup" → "1/2 cup", "three quarters cup" → "3/4 cup", "one and a half
  /// cups" → "1 1/2 cups", "two and three quarters inches" → "2 3/4 inches"; the measure stays a word.
  func measuredFraction(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    guard let whole = SpokenNumbers.cardinal(words, from: 0), whole.value < 100 else { return nil }
    var index = whole.end
    var written: String
    if index + 1 < words.count, let denominator = Self.denominators[words[index]], whole.value < denominator {
      // "three quarters": the number is the numerator.
      written = "\(whole.value)/\(denominator)"
      index += 1
    } else if index + 2 < words.count, words[index] == "and" {
      let numerator = words[index + 1] == "a" ? 1 : SpokenNumbers.units[words[index + 1]]
      guard let numerator, numerator < 10, let denominator = Self.denominators[words[index + 2]],
        numerator < denominator
      else { return nil }
      written = "\(whole.value) \(numerator)/\(denominator)"
      index += 3
    } else {
      return nil
    }
    if index < words.count, words[index] == "of", index + 1 < words.count, ["a", "an"].contains(words[index + 1]) {
      // "three quarters of a cup" reads as said.
      return nil
    }
    guard index < words.count, Self.fractionMeasures.contains(words[index]) else { return nil }
    return (NumberFormatting.written(written), index)
  }

  /// "a dollar fifty" → "$1.50": one of a currency said with "a", then its cents; "a dollar" alone stays words.
  func oneUnitAndCents(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    guard words.count > 2, Self.currencies[words[1]] != nil else { return nil }
    let one = SpokenNumbers.Quantity(text: "1", value: 1, isDecimal: false, end: 1, endsWithScale: false)
    guard let amount = amount(words, quantity: one), amount.end > 2 else { return nil }
    return amount
  }

  /// A height in feet and inches: "six foot two" and "six feet two inches" are typed `6'2"`.
  func height(_ words: [String], feet: (value: Int, end: Int)) -> (text: String, end: Int)? {
    guard (1...8).contains(feet.value), feet.end + 1 < words.count,
      words[feet.end] == "foot" || words[feet.end] == "feet",
      let inches = SpokenNumbers.cardinal(words, from: feet.end + 1), inches.value < 12
    else { return nil }
    var end = inches.end
    if end < words.count, words[end] == "inches" || words[end] == "inch" { end += 1 }
    return ("\(feet.value)'\(inches.value)\"", end)
  }

  /// A temperature below zero: "minus five degrees" → "-5 degrees", "negative ten degrees celsius" → "-10°C".
  func negativeTemperature(_ words: [String]) -> (tokens: [TextToken], end: Int)? {
    guard let quantity = SpokenNumbers.quantity(words, from: 1), quantity.end < words.count else { return nil }
    if let unit = unit(words, from: quantity.end), !unit.suffix.isEmpty {
      return ([TextToken("-" + quantity.text + unit.suffix)], unit.end)
    }
    guard words[quantity.end] == "degrees" || words[quantity.end] == "degree" else { return nil }
    return ([TextToken("-" + quantity.text), TextToken(words[quantity.end])], quantity.end + 1)
  }
}
