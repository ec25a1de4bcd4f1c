import Testing

@testable import TextPipeline

/// The spec for numbers, third round: thousands separators in money, ordinals above a hundred, decimals said with
/// "o", numbers joined by a spoken slash, and ranges no clock can read; with the sentences whose numbers must stay
/// as they are (years, counts below 10,000, times said "ten to five", digits the engine already wrote).
@Suite("Clean-up spec: numbers as people type them, third round")
struct CleanupSpecNumberTypingTests {
  /// Sentences these rules could touch but must not: each comes out exactly as it went in.
  static let mustNotChange: [String] = [
    "It costs $2500.",
    "I paid $7702.25 for the car.",
    "I was born in 1987.",
    "It's ten to five.",
    "I'll be there at ten to five.",
    "It's twenty to ten.",
    "We won twenty to ten.",
    "It's ten to one he's late.",
    "The first hundred days matter.",
    "A hundred first-time buyers came.",
    "The score was one point ahead.",
    "Make a point of it.",
    "It's a 50/50 chance.",
    "Use and/or sparingly.",
    "The ratio is 4/3.",
    "Ten to fifty people came.",
    "One hundred first graders came.",
    "The odds are ten to one.",
    "On a scale of one to ten, it's a nine.",
  ]

  static let cases: [GoldenCase] = [
    // Thousands separators in money; counts and years as before.
    GoldenCase(
      "money from a thousand takes a separator, with its cents",
      "seven thousand seven hundred two dollars and twenty five cents", "$7,702.25."),
    GoldenCase(
      "a price in thousands takes a separator", "it costs two thousand five hundred dollars", "It costs $2,500."),
    GoldenCase(
      "both ends of a money range take separators", "five thousand to ten thousand dollars", "$5,000–$10,000."),
    GoldenCase("euros from a thousand take a separator", "twelve hundred euros", "€1,200."),
    GoldenCase(
      "a count below ten thousand takes no separator", "we sold two thousand five hundred copies",
      "We sold 2500 copies."),
    GoldenCase("a large count takes separators", "we have twelve thousand five hundred users", "We have 12,500 users."),
    GoldenCase("a year takes no separator", "in twenty twenty six", "In 2026."),
    GoldenCase("money below a thousand is unchanged", "it's forty nine dollars", "It's $49."),
    // Ordinals above a hundred.
    GoldenCase("an ordinal above a hundred is one number", "one hundred eleventh", "111th."),
    GoldenCase("an ordinal with and after the hundreds", "the one hundred and first time", "The 101st time."),
    GoldenCase("an ordinal of hundreds, tens and a unit", "on one hundred twenty third street", "On 123rd street."),
    GoldenCase(
      "an ordinal above a hundred before a street", "call me at one hundred first street", "Call me at 101st street."),
    GoldenCase("an ordinal of tens alone", "the fortieth anniversary", "The 40th anniversary."),
    GoldenCase("an ordinal after thousands", "the two thousand and first visitor", "The 2001st visitor."),
    // Decimals said with "o", money with every decimal said.
    GoldenCase("o after point is zero in money", "twenty point five o six dollars", "$20.506."),
    GoldenCase("oh after point is zero", "version two point oh one", "Version 2.01."),
    GoldenCase("o after point is zero in a version", "version two point o is out", "Version 2.0 is out."),
    GoldenCase("o right after point is zero", "it's zero point o five percent", "It's 0.05%."),
    // Numbers joined by a spoken slash.
    GoldenCase("a date said with slashes", "four slash three slash two thousand", "4/3/2000."),
    GoldenCase(
      "a date with a year in two halves", "born on four slash three slash twenty twenty six", "Born on 4/3/2026."),
    GoldenCase("a fraction said with a slash", "three slash four", "3/4."),
    GoldenCase("twenty four slash seven", "we're open twenty four slash seven", "We're open 24/7."),
    GoldenCase("fifty slash fifty", "it's fifty slash fifty", "It's 50/50."),
    GoldenCase("nine slash eleven", "nine slash eleven", "9/11."),
    // Ranges no clock can read.
    GoldenCase("a range with no noun that no clock reads", "ten to fifty", "10–50."),
    GoldenCase("a bare range after a verb", "we need ten to fifty", "We need 10–50."),
    GoldenCase("a bare range of tens", "it takes twenty to thirty", "It takes 20–30."),
    GoldenCase("a range after from keeps to", "from ten to fifty", "From 10 to 50."),
    GoldenCase("a range with its noun", "invite ten to fifty people", "Invite 10–50 people."),
    GoldenCase("a time said ten to five stays words", "ten to five", "Ten to five."),
  ]

  @Test("numbers these rules could touch come out as they went in", arguments: mustNotChange)
  func keepsNumbers(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test("money, ordinals, slashes and ranges are written as a careful typist types them", arguments: cases)
  func writes(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }

  @Test("money groups its thousands and keeps its decimals; counts below ten thousand are not grouped")
  func money() {
    #expect(NumberFormatting.money("7702.25") == "7,702.25")
    #expect(NumberFormatting.money("12,500") == "12,500")
    #expect(NumberFormatting.money("999") == "999")
    #expect(NumberFormatting.money("2.5 million") == "2.5 million")
    #expect(SpokenNumbers.grouped(2500) == "2500")
    #expect(SpokenNumbers.grouped(1_234_567, from: 1_000) == "1,234,567")
  }
}
