import Testing

@testable import TextPipeline

@Suite("Numbers: spoken numbers written as people type them")
struct NumberFormattingTests {
  static let cases: [GoldenCase] = [
    GoldenCase("a count of ten or more takes digits", "twenty five people came", "25 people came"),
    GoldenCase("a count below ten stays a word", "two people came", "two people came"),
    GoldenCase("hundreds with and", "one hundred and twenty guests", "120 guests"),
    GoldenCase("thousands are grouped from ten thousand", "twelve thousand five hundred steps", "12,500 steps"),
    GoldenCase("two thousand stays ungrouped", "two thousand people", "2000 people"),
    GoldenCase("a hyphenated number", "twenty-five people", "25 people"),
    GoldenCase("money in dollars", "it costs forty nine dollars", "it costs $49"),
    GoldenCase("a small amount of money still takes digits", "it costs five dollars", "it costs $5"),
    GoldenCase("dollars and cents", "five dollars and fifty cents", "$5.50"),
    GoldenCase("euros", "twenty euros each", "€20 each"),
    GoldenCase("percentages", "growth was twelve percent", "growth was 12%"),
    GoldenCase("a small percentage still takes digits", "about five percent", "about 5%"),
    GoldenCase("decimals", "it weighs three point five kilos", "it weighs 3.5 kilos"),
    GoldenCase("a decimal percentage", "two point five percent", "2.5%"),
    GoldenCase("a time with p m", "at two thirty p m", "at 2:30 PM"),
    GoldenCase("a time on the hour with a m", "wake me at ten a m", "wake me at 10 AM"),
    GoldenCase("a time with oh minutes", "at seven oh five p m", "at 7:05 PM"),
    GoldenCase("a time after at", "meet me at seven fifteen", "meet me at 7:15"),
    GoldenCase("a date with an ordinal day", "on march third", "on March 3"),
    GoldenCase("a date with a year", "july eleventh twenty twenty six", "July 11, 2026"),
    GoldenCase("may is a month only before a day", "I may go on may fifth", "I may go on May 5"),
    GoldenCase("march the verb stays a word", "we march twenty miles", "we march 20 miles"),
    GoldenCase("a year of this century", "we moved in twenty twenty six", "we moved in 2026"),
    GoldenCase("a year of the last century", "born in nineteen ninety nine", "born in 1999"),
    GoldenCase("a year with oh", "back in twenty oh five", "back in 2005"),
    GoldenCase("a seven-digit phone number", "call five five five one two three four", "call 555-1234"),
    GoldenCase("a ten-digit phone number", "dial four one five five five five one two one two", "dial 415-555-1212"),
    GoldenCase("an ordinal from tenth on takes digits", "the twenty first century", "the 21st century"),
    GoldenCase("an ordinal below tenth stays a word", "it was the third time", "it was the third time"),
    GoldenCase("one of them stays words", "one of them had two cats", "one of them had two cats"),
    GoldenCase("a couple stays words", "a couple of times", "a couple of times"),
    GoldenCase("on the one hand stays words", "on the one hand it works", "on the one hand it works"),
    GoldenCase("no one stays words", "no one came", "no one came"),
    GoldenCase(
      "a sentence without numbers is not changed", "we will meet at the station", "we will meet at the station"),
    GoldenCase("digits the engine wrote stay", "Wednesday at 10", "Wednesday at 10"),
  ]

  @Test("writes spoken numbers as digits by the convention", arguments: cases)
  func formatsNumbers(_ golden: GoldenCase) {
    #expect(NumberFormatting().apply(to: golden.input) == golden.expected)
  }

  @Test("the whole pipeline: a date, a time and money in one dictation")
  func wholePipeline() {
    let result = TextPipeline().run("march third at two thirty p m it costs forty nine dollars")
    #expect(result.text == "March 3 at 2:30 PM it costs $49.")
  }
}
