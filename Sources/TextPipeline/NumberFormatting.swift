import DictationValues

/// Writes spoken numbers the way people type them (inverse text normalisation). The convention:
/// - Amounts: money, percentages, decimals and times take digits at any size: "forty nine dollars" → "$49",
///   "five dollars and fifty cents" and "five dollars fifty" → "$5.50", "fifty cents" → "50¢", "twenty pence" →
///   "20p", "a dollar fifty" → "$1.50" ("a dollar" alone stays words), euros, pounds, yen and rupees take their
///   signs ("€", "£", "¥", "₹"; "ten pounds of flour" and "lost ten pounds" are weights), "twelve percent" → "12%",
///   "three point five" → "3.5", "two thirty p m" → "2:30 PM", "ten a m" → "10 AM", "at seven fifteen" → "at
///   7:15" (minutes after "at", "from", "until", "by", "around", "before" or "after" make a time). Money takes
///   thousands separators from 1,000, as on a price tag or an invoice ("seven thousand seven hundred two dollars
///   and twenty five cents" → "$7,702.25", "five thousand to ten thousand dollars" → "$5,000–$10,000"), and keeps
///   every decimal said ("twenty point five o six dollars" → "$20.506": after "point", "o" and "oh" are zero).
/// - Large numbers: a round number of millions or more keeps its scale as a word, "two million users" → "2 million
///   users", "two point five million dollars" → "$2.5 million"; below that, digits in full ("1,200,000").
/// - Fractions after "and" are decimals where digits are written ("two and a half percent" → "2.5%", "one and a
///   half million" → "1.5 million", "fifteen and a half minutes" → "15.5 minutes"); below ten without a unit they
///   stay words like any count ("two and a half hours"). Before a measure of a recipe or a ruler a fraction is
///   typed as one: "one half cup" → "1/2 cup", "three quarters cup" → "3/4 cup", "one and a half cups" → "1 1/2
///   cups"; "three quarters of a cup" and "a third of the votes" stay words.
/// - Clock times: "quarter past three" → "3:15", "a quarter to nine" → "8:45", "half past six" → "6:30", "twenty
///   past nine" → "9:20", "five o'clock" → "5 o'clock" ("5 PM" with "p m"); "ten to nine" stays words, as odds and
///   ranges are said the same way.
/// - Dates and years: "march third" → "March 3", "june the first" → "June 1", "the fifth of june" → "June 5",
///   "july eleventh twenty twenty six" and "july eleventh two thousand twenty six" → "July 11, 2026", "twenty twenty
///   six" → "2026", "nineteen ninety nine" → "1999", "in two thousand and five" → "in 2005"; a year of another
///   century needs a word that introduces one ("in eleven fifty"), so "fifteen twenty minutes" is not the year
///   1520. After a weekday the day of the month takes digits ("Monday the 5th"). "May the fourth be with you" and
///   "the Fourth of July" keep their words.
/// - Phone numbers: seven or more digits said one by one → "555-1234", "555-123-4567" ("double five" is "55");
///   eleven starting with one → "1-800-555-1234" (also said "one eight hundred …"); "plus" and a country code →
///   "+1 555-123-4567", "+44 2079460958".
/// - Counts: ten and above take digits ("twenty five people" → "25 people", "two thousand" → "2000",
///   "twelve thousand five hundred" → "12,500"); zero to nine stay words ("two people", "one of them"), as do
///   ordinals below tenth ("the third time"); "21st" from tenth on, above a hundred too ("one hundred eleventh" →
///   "111th", "two thousand and first" → "2001st"). Counts below 10,000 and years take no separator ("2500
///   copies", "2026"). A count the engine capitalised to open a sentence stays words, as every style guide writes
///   it ("Twenty minutes later, …").
/// - Measurements: a unit said as letters or written as an abbreviation takes digits at any size ("five k m" →
///   "5 km", "two g b" → "2 GB", "sixty m p h" → "60 mph", "fifty m b p s" → "50 Mbps", "sixty f p s" → "60 fps",
///   "r p m", "m a h", "o z", "l b s"…, listed in `SpokenUnits`); a unit said as a word follows the count rule
///   ("ten kilometers" → "10 kilometers", "two miles" stays, "seventy two degrees" → "72 degrees"); a
///   temperature scale takes its symbol ("twenty degrees celsius" → "20°C", "minus five degrees" → "-5 degrees");
///   a height in feet and inches is written as typed ("six foot two" → `6'2"`).
/// - Ranges share one form, digits when either end takes them, with an en dash and the unit once at the end:
///   "five to ten minutes" → "5–10 minutes", "twenty to thirty percent" → "20–30%", "five to ten dollars" →
///   "$5–$10". After "from" and "between" the words stay: "from ten to twenty" → "from 10 to 20", "between
///   three and five" stays words; "from nine to five" (two hours) → "from 9 to 5". Pairs do the same:
///   "eight or ten" → "8 or 10". A range no clock can read is one even with no noun after it: "ten to fifty" →
///   "10–50" (no hour is fifty), while "ten to five" stays words (4:50, or odds).
/// - Numbers joined by a spoken slash are digits: "four slash three slash two thousand" → "4/3/2000" (a date,
///   written as said, month or day first), "twenty four slash seven" → "24/7", "three slash four" → "3/4".
/// - Words stay where digits would be wrong: "one of them", "a couple", "a thousand thanks", "a hundred times",
///   "no one", "at five to ten", odds ("ten to one"), "working nine to five", a range a clock can read with no
///   noun after it ("it's five to ten"), and idioms (`keptIdioms`: "at the eleventh hour", "on cloud nine", "the
///   whole nine yards", "forty winks", "fifty fifty", "a hundred and ten percent").
/// - Idioms typed with digits: "twenty four seven" → "24/7", "nine one one" → "911", "catch twenty two" →
///   "Catch-22", "twenty twenty hindsight" → "20/20 hindsight".
/// - Nothing else changes: a dictation without a spoken number comes out as it went in.
public struct NumberFormatting: TextStage {
  public let name = "numbers"

  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]
  static let currencies: [String: String] = [
    "dollar": "$", "dollars": "$", "bucks": "$", "euro": "€", "euros": "€", "pound": "£", "pounds": "£",
    "yen": "¥", "rupee": "₹", "rupees": "₹",
  ]
  /// The days of the week, after which "the fifth" is a date ("Monday the 5th").
  static let weekdays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
  /// Coins written after the number: "fifty cents" → "50¢", "twenty pence" → "20p".
  static let coins: [String: String] = ["cent": "¢", "cents": "¢", "pence": "p", "penny": "p"]
  /// Words before "pounds" that make it a weight ("lost ten pounds"), not money.
  static let weighing: Set<String> = ["lost", "lose", "gained", "gain", "weighs", "weigh", "weighed", "weighing"]

  /// Number idioms said in words wherever they stand, with the index of their number word: "at the eleventh
  /// hour", "on cloud nine".
  static let keptIdioms: [(words: [String], number: Int)] = [
    (["eleventh", "hour"], 0), (["cloud", "nine"], 1), (["forty", "winks"], 0), (["nine", "yards"], 0),
    (["fifteen", "minutes", "of", "fame"], 0), (["twenty", "questions"], 0), (["sixth", "sense"], 0),
    (["seventh", "heaven"], 0), (["square", "one"], 1), (["one", "in", "a", "million"], 0),
    (["million", "to", "one"], 0), (["hundred", "and", "ten", "percent"], 0), (["nineteen", "to", "the", "dozen"], 0),
    (["fifty", "fifty"], 0), (["twelfth", "man"], 0), (["ten", "four"], 0), (["high", "five"], 1),
    (["twenty", "one", "questions"], 0), (["one", "hundred", "and", "ten", "percent"], 0),
  ]

  /// The index after a number idiom kept in words whose number word is at `index`, if one is there.
  func keptIdiom(at index: Int, in tokens: [TextToken]) -> Int? {
    for idiom in Self.keptIdioms where idiom.words[idiom.number] == tokens[index].lower {
      let start = index - idiom.number
      let end = start + idiom.words.count
      guard start >= 0, end <= tokens.count,
        idiom.words.indices.allSatisfy({ tokens[start + $0].isWord && tokens[start + $0].lower == idiom.words[$0] })
      else { continue }
      return end
    }
    return nil
  }

  /// The tokens of a written number: "2.5 million" is two words.
  static func written(_ text: String) -> [TextToken] {
    text.split(separator: " ").map { TextToken(String($0)) }
  }

  /// A stage that writes spoken numbers as digits.
  public init() {}

  /// Spoken numbers typed as digits wherever they stand: "twenty four seven" → "24/7".
  static let idioms: [(words: [String], written: String)] = [
    (["twenty", "four", "seven"], "24/7"), (["nine", "one", "one"], "911"),
    (["catch", "twenty", "two"], "Catch-22"), (["twenty", "twenty", "vision"], "20/20 vision"),
    (["twenty", "twenty", "hindsight"], "20/20 hindsight"),
  ]
  /// Words that introduce a year of any century ("in eleven fifty", "since fifteen twenty").
  static let yearIntroducers: Set<String> = ["in", "since", "of", "year", "circa"]
  /// Words before an hour and minutes that make them a time ("from nine thirty").
  static let timeIntroducers: Set<String> = ["at", "from", "until", "till", "by", "around", "before", "after"]

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    // NB: each rewrite moves every token after it; in blocks, that stays linear in the dictation's length.
    document.editInBlocks { block in
      var i = 0
      while i < block.tokens.count {
        if let (replacement, end) = rewrite(at: i, in: block) {
          let spaceBefore = block.tokens[i].spaceBefore
          var tokens = replacement
          tokens[0].spaceBefore = spaceBefore
          block.tokens.replaceSubrange(i..<end, with: tokens)
          i += tokens.count
        } else {
          i += 1
        }
      }
    }
  }

  /// The spoken words from a token on, lower-cased, with the token each came from ("twenty-five" is two words).
  struct Words {
    var words: [String] = []
    var tokenOfWord: [Int] = []

    /// The words of the tokens from `index` up to the next punctuation, at most 24.
    init(from index: Int, in tokens: [TextToken]) {
      var j = index
      while j < tokens.count, tokens[j].isWord, words.count < 24 {
        for part in tokens[j].lower.split(separator: "-") {
          words.append(String(part))
          tokenOfWord.append(j)
        }
        j += 1
      }
    }

    /// The token index after the words up to `wordEnd`, or nil when that would split a hyphenated token.
    func tokenEnd(_ wordEnd: Int) -> Int? {
      let last = tokenOfWord[wordEnd - 1]
      if wordEnd < tokenOfWord.count, tokenOfWord[wordEnd] == last { return nil }
      return last + 1
    }
  }

  /// The tokens that replace the spoken number starting at `index`, and where it ends; the replacement is the
  /// original tokens when a number is kept as words (so that its parts are not read again on their own).
  private func rewrite(at index: Int, in document: TextDocument) -> ([TextToken], Int)? {
    let tokens = document.tokens
    guard tokens[index].isWord else { return nil }
    // NB: most words start no number; only those that can are looked at further.
    let head = tokens[index].lower.split(separator: "-").first.map(String.init) ?? ""
    let nextWord = index + 1 < tokens.count && tokens[index + 1].isWord ? tokens[index + 1].lower : ""
    guard
      SpokenNumbers.isNumberWord(head) || SpokenNumbers.ordinalUnits[head] != nil || Self.months.contains(head)
        || head == "minus" || head == "negative" || Self.clockFractions[head] != nil
        || (head == "a" && (nextWord == "quarter" || Self.currencies[nextWord] != nil))
        || (head == "catch" && nextWord == "twenty")
        || (head == "plus" && SpokenNumbers.digits[nextWord] != nil)
        || (head == "the" && (SpokenNumbers.ordinalUnits[nextWord] != nil || SpokenNumbers.tens[nextWord] != nil))
    else { return nil }
    if let idiom = keptIdiom(at: index, in: tokens) { return (Array(tokens[index..<idiom]), idiom) }
    if let slashed = slashedNumbers(at: index, in: tokens) { return slashed }
    let spoken = Words(from: index, in: tokens)
    let words = spoken.words
    func word(_ text: String, fixed: Bool = false) -> TextToken { TextToken(text, isFixedCase: fixed) }
    func kept(_ wordEnd: Int) -> ([TextToken], Int)? {
      guard let end = spoken.tokenEnd(wordEnd) else { return nil }
      return (Array(tokens[index..<end]), end)
    }
    let previous = index > 0 && tokens[index - 1].isWord ? tokens[index - 1].lower : nil
    let beforePrevious = index > 1 && tokens[index - 2].isWord ? tokens[index - 2].lower : nil

    for idiom in Self.idioms where words.starts(with: idiom.words) {
      if let end = spoken.tokenEnd(idiom.words.count) { return (Self.written(idiom.written), end) }
    }
    if let date = date(words) {
      guard let end = spoken.tokenEnd(date.end) else { return nil }
      return (date.tokens, end)
    }
    if let clock = clockTime(words), let end = spoken.tokenEnd(clock.end) { return (clock.tokens, end) }
    if head == "plus" || head == "the" || head == "a" || head == "catch" || Self.clockFractions[head] != nil {
      if head == "a", let amount = oneUnitAndCents(words), let end = spoken.tokenEnd(amount.end) {
        return (amount.tokens, end)
      }
      // "Monday the fifth": a day of the month after a weekday takes digits whatever its size.
      if head == "the", let previous, Self.weekdays.contains(previous),
        let day = SpokenNumbers.ordinal(words, from: 1), (1...31).contains(day.value),
        let end = spoken.tokenEnd(day.end)
      {
        return ([word("the"), word(SpokenNumbers.ordinalSuffix(day.value))], end)
      }
      guard head == "plus", let phone = phoneNumber(words), let end = spoken.tokenEnd(phone.end) else { return nil }
      return (Self.written(phone.text), end)
    }
    if let fraction = measuredFraction(words), let end = spoken.tokenEnd(fraction.end) {
      return (fraction.tokens, end)
    }
    if let year = SpokenNumbers.year(words, from: 0), let end = spoken.tokenEnd(year.end),
      !(year.end < words.count && SpokenNumbers.isNumberWord(words[year.end])),
      year.value >= 1800 || previous.map(Self.yearIntroducers.contains) == true
    {
      return ([word("\(year.value)")], end)
    }
    if let phone = phoneNumber(words), let end = spoken.tokenEnd(phone.end) { return ([word(phone.text)], end) }
    let startsSentence = tokens[index].text.first?.isUppercase == true && document.startsSentence(at: index)
    // "One hundred first graders": a capitalised count opening a sentence stays words, ordinal or not.
    if let ordinal = SpokenNumbers.ordinal(words, from: 0), ordinal.value >= 10,
      !(ordinal.value > 100 && startsSentence),
      let end = spoken.tokenEnd(ordinal.end)
    {
      return ([word(SpokenNumbers.ordinalSuffix(ordinal.value))], end)
    }
    if head == "minus" || head == "negative" {
      guard let temperature = negativeTemperature(words), let end = spoken.tokenEnd(temperature.end) else {
        return nil
      }
      return (temperature.tokens, end)
    }
    guard let number = SpokenNumbers.cardinal(words, from: 0) else { return nil }
    let next = number.end < words.count ? words[number.end] : nil
    // Clock times in words: "ten past nine", "twenty to ten", and "quarter to ten", "half past ten".
    if let next, next == "past" || next == "to", previous != "from",
      let other = SpokenNumbers.cardinal(words, from: number.end + 1), next == "past" || other.value < number.value
    {
      return kept(other.end)
    }
    if previous == "past" || previous == "to", beforePrevious == "quarter" || beforePrevious == "half" {
      return kept(number.end)
    }
    // Times: "two thirty p m", "ten a m", "at seven fifteen".
    if (1...12).contains(number.value), let time = time(words, hour: number.value, from: number.end, after: previous),
      let end = spoken.tokenEnd(time.end)
    {
      return (time.tokens, end)
    }
    if let height = height(words, feet: number), let end = spoken.tokenEnd(height.end) {
      return ([word(height.text)], end)
    }
    guard let quantity = SpokenNumbers.quantity(words, from: 0) else { return nil }
    if let range = range(words, first: quantity, after: previous, startsSentence: startsSentence) {
      guard let end = spoken.tokenEnd(range.end) else { return nil }
      return range.tokens.isEmpty ? kept(range.end) : (range.tokens, end)
    }
    if let amount = amount(words, quantity: quantity, after: previous), let end = spoken.tokenEnd(amount.end) {
      return (amount.tokens, end)
    }
    // "two and a half hours" is said in words like "two hours"; "ten and a half" takes digits.
    if quantity.isFraction, quantity.value < 10 { return kept(quantity.end) }
    if quantity.isDecimal || quantity.text.contains(" "), let end = spoken.tokenEnd(quantity.end) {
      if startsSentence, !quantity.isDecimal { return kept(quantity.end) }
      return (Self.written(quantity.text), end)
    }
    // Two numbers in a row that are neither a year, a time nor a phone number ("fifteen twenty minutes") are
    // left as said rather than guessed at.
    if let other = SpokenNumbers.cardinal(words, from: number.end) { return kept(other.end) }
    if startsSentence { return kept(number.end) }
    guard number.value >= 10, let end = spoken.tokenEnd(number.end) else { return nil }
    return ([word(SpokenNumbers.grouped(number.value))], end)
  }
}
