import Testing

@testable import TextPipeline

/// The spec for numbers, second round: money, scales, fractions, clock times, dates, phone numbers and units, and
/// the idioms and words that keep their number words.
@Suite("Clean-up spec: numbers, dates, times and money")
struct CleanupSpecNumberTests {
  /// Sentences whose number words are idioms or words: each comes out exactly as it went in.
  static let mustNotChange: [String] = [
    "We fixed it at the eleventh hour.",
    "I'm on cloud nine.",
    "He went the whole nine yards.",
    "Let me catch forty winks.",
    "She had her fifteen minutes of fame.",
    "It's a fifty fifty chance.",
    "He gave a hundred and ten percent.",
    "I was in seventh heaven.",
    "It's a million miles away.",
    "A quarter of the class failed.",
    "Half past is fine.",
    "I'll give a quarter to one person.",
    "Two plus two is four.",
    "The first of many.",
    "May the fourth be with you.",
    "The fourth of July is a holiday.",
    "We march the first recruits out at dawn.",
    "It's ten to one he's late.",
    "The pound is weak today.",
    "Give me a high five.",
    "The movie was two and a half hours long.",
    "Three quarters of the team agreed.",
    "She's one in a million.",
    "A thousand yen is not much.",
    "Back to square one.",
    "The twelfth man cheered.",
    "The score was three to two.",
    "Three quarters of a cup is enough.",
    "It costs a dollar.",
    "One half of the team stayed.",
    "The two of us went.",
  ]

  static let cases: [GoldenCase] = [
    GoldenCase(
      "a decimal with millions keeps the scale word", "it costs two point five million dollars",
      "It costs $2.5 million."),
    GoldenCase(
      "a round number of billions keeps the scale word", "the company is worth three billion dollars",
      "The company is worth $3 billion."),
    GoldenCase("a count in millions keeps the scale word", "we have two million users", "We have 2 million users."),
    GoldenCase(
      "a decimal billion without a unit", "the population is one point two billion", "The population is 1.2 billion."),
    GoldenCase("millions and thousands are written in full", "one million two hundred thousand", "1,200,000."),
    GoldenCase("cents alone take the cent sign", "it costs ninety nine cents", "It costs 99¢."),
    GoldenCase("fifty cents", "fifty cents", "50¢."),
    GoldenCase("dollars and two digits after them are cents", "five dollars fifty", "$5.50."),
    GoldenCase("euros and cents", "twenty euros and fifty cents", "€20.50."),
    GoldenCase("pounds and pence said short", "it's ten pounds fifty", "It's £10.50."),
    GoldenCase("rupees take their sign", "five hundred rupees", "₹500."),
    GoldenCase("pence take p", "twenty pence", "20p."),
    GoldenCase("pounds of something are a weight", "ten pounds of flour", "10 pounds of flour."),
    GoldenCase("pounds lost are a weight", "I lost ten pounds", "I lost 10 pounds."),
    GoldenCase("a fraction with a percentage takes decimals", "two and a half percent", "2.5%."),
    GoldenCase("a fraction of millions of dollars", "one and a half million dollars", "$1.5 million."),
    GoldenCase("a fraction from ten takes decimals", "fifteen and a half minutes", "15.5 minutes."),
    GoldenCase("a fraction below ten stays words", "two and a half hours", "Two and a half hours."),
    GoldenCase("o'clock takes the hour in digits", "see you at five o'clock", "See you at 5 o'clock."),
    GoldenCase("o'clock with p m is a time", "at five o'clock p m", "At 5 PM."),
    GoldenCase("quarter past is a clock time", "it's quarter past three", "It's 3:15."),
    GoldenCase("a quarter to is a clock time", "meet at a quarter to nine", "Meet at 8:45."),
    GoldenCase("half past is a clock time", "dinner is at half past six", "Dinner is at 6:30."),
    GoldenCase("minutes past the hour with a time word", "twenty past nine tonight", "9:20 tonight."),
    GoldenCase("quarter past with p m", "meet at quarter past three p m", "Meet at 3:15 PM."),
    GoldenCase("ten to nine stays words", "ten to nine", "Ten to nine."),
    GoldenCase("the ordinal of a month is a date", "on the fifth of june", "On June 5."),
    GoldenCase("the ordinal of a month and a year", "the twenty first of march twenty twenty five", "March 21, 2025."),
    GoldenCase("a month, the and an ordinal", "june the first", "June 1."),
    GoldenCase("a date with a year in two halves", "on march third twenty twenty four", "On March 3, 2024."),
    GoldenCase("a date with a year in thousands", "july fourth two thousand twenty six", "July 4, 2026."),
    GoldenCase("a year with and", "in two thousand and five", "In 2005."),
    GoldenCase(
      "a phone number with the country code one", "call plus one five five five one two three four five six seven",
      "Call +1 555-123-4567."),
    GoldenCase(
      "a phone number with a two-digit country code",
      "my number is plus four four two zero seven nine four six zero nine five eight", "My number is +44 2079460958."),
    GoldenCase(
      "a toll-free number with its leading one", "one eight zero zero five five five one two three four",
      "1-800-555-1234."),
    GoldenCase("double in a phone number", "five five five double two three four", "555-2234."),
    GoldenCase("catch twenty two is a title", "it's a catch twenty two", "It's a Catch-22."),
    GoldenCase("twenty twenty hindsight", "twenty twenty hindsight", "20/20 hindsight."),
    GoldenCase("megabits per second", "the download is fifty m b p s", "The download is 50 Mbps."),
    GoldenCase("frames per second", "it runs at sixty f p s", "It runs at 60 fps."),
    GoldenCase("revolutions per minute", "three thousand r p m", "3000 rpm."),
    GoldenCase("a battery's capacity", "a five thousand m a h battery", "A 5000 mAh battery."),
    GoldenCase("ounces as letters", "add eight o z of water", "Add 8 oz of water."),
    GoldenCase(
      "a fraction before a measure is typed as a fraction", "add one half cup of sugar", "Add 1/2 cup of sugar."),
    GoldenCase("three quarters before a measure", "add three quarters cup of milk", "Add 3/4 cup of milk."),
    GoldenCase("a whole and a half before a measure", "one and a half cups of flour", "1 1/2 cups of flour."),
    GoldenCase("a whole and three quarters before a measure", "two and three quarters inches", "2 3/4 inches."),
    GoldenCase("a dollar and cents", "it's a dollar fifty", "It's $1.50."),
    GoldenCase("a weekday and the day of the month", "on monday the fifth", "On Monday the 5th."),
    GoldenCase(
      "a toll-free number with eight hundred", "dial one eight hundred five five five one two one two",
      "Dial 1-800-555-1212."),
  ]

  @Test("number idioms and number words that are words come out as they went in", arguments: mustNotChange)
  func keepsWords(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test("numbers, dates, times and money are written as a careful editor types them", arguments: cases)
  func writes(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }
}
