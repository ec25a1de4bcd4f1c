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
    GoldenCase("a time after at is not a year", "meet at ten fifteen", "meet at 10:15"),
    GoldenCase("a time after from", "open from nine thirty", "open from 9:30"),
    GoldenCase("a year of an early century needs a word before it", "built in eleven fifty", "built in 1150"),
    GoldenCase(
      "two numbers in a row are left as said", "it's fifteen twenty minutes away", "it's fifteen twenty minutes away"),
    GoldenCase("twenty four seven is typed 24/7", "open twenty four seven", "open 24/7"),
    GoldenCase("nine one one is typed 911", "call nine one one", "call 911"),
    GoldenCase(
      "a count opening the engine's sentence stays words", "Twenty minutes later, it rang.",
      "Twenty minutes later, it rang."),
    GoldenCase(
      "a count opening a later sentence stays words", "It rang. Twelve people came.",
      "It rang. Twelve people came."),
    GoldenCase("money opening a sentence still takes digits", "Forty nine dollars is fine.", "$49 is fine."),
  ]

  static let rangeCases: [GoldenCase] = [
    GoldenCase("a range with a noun takes an en dash", "five to ten minutes", "5–10 minutes"),
    GoldenCase("a range of larger numbers", "wait twenty to thirty seconds", "wait 20–30 seconds"),
    GoldenCase("a range through", "pages ten through twenty", "pages 10–20"),
    GoldenCase("a range of percentages writes the sign once", "twenty to thirty percent", "20–30%"),
    GoldenCase("a range of money repeats the currency", "five to ten dollars", "$5–$10"),
    GoldenCase("a range in an abbreviated unit", "five to ten k m", "5–10 km"),
    GoldenCase("a range of small counts stays words", "two to three weeks", "two to three weeks"),
    GoldenCase("from and to keep their words", "from ten to twenty people", "from 10 to 20 people"),
    GoldenCase("from nine to five is two hours", "I work from nine to five", "I work from 9 to 5"),
    GoldenCase("hours with a m and p m", "from nine a m to five p m", "from 9 AM to 5 PM"),
    GoldenCase("between small numbers stays words", "between three and five", "between three and five"),
    GoldenCase("between larger numbers takes digits", "between ten and twenty guests", "between 10 and 20 guests"),
    GoldenCase("between percentages", "between ten and twenty percent", "between 10% and 20%"),
    GoldenCase("a pair shares one form", "the kids are eight and ten", "the kids are 8 and 10"),
    GoldenCase("a pair with or", "ten or twelve chairs", "10 or 12 chairs"),
    GoldenCase("a small pair stays words", "one or two things", "one or two things"),
    GoldenCase("working nine to five stays words", "working nine to five", "working nine to five"),
    GoldenCase("a time of day in words stays", "it's five to ten", "it's five to ten"),
    GoldenCase("at five to ten is a time of day", "meet at five to ten tomorrow", "meet at five to ten tomorrow"),
    GoldenCase("quarter to ten is a clock time in digits", "at quarter to ten", "at 9:45"),
    GoldenCase("half past ten is a clock time in digits", "half past ten", "10:30"),
    GoldenCase("ten past nine is a clock time in digits", "ten past nine", "9:10"),
    GoldenCase("ten to nine stays words, as odds are said the same way", "ten to nine", "ten to nine"),
    GoldenCase("odds stay words", "it's ten to one he's late", "it's ten to one he's late"),
    GoldenCase("a one to one meeting stays words", "a one to one meeting", "a one to one meeting"),
    GoldenCase("a shared scale is left as said", "two to three hundred people", "two to three hundred people"),
    GoldenCase("a bare score stays words", "it ended ten to twelve", "it ended ten to twelve"),
  ]

  static let measurementCases: [GoldenCase] = [
    GoldenCase("a unit said as letters takes digits", "five k m", "5 km"),
    GoldenCase("an abbreviation the engine wrote takes digits", "about five km away", "about 5 km away"),
    GoldenCase("gigabytes said as letters", "two g b of memory", "2 GB of memory"),
    GoldenCase("miles per hour", "sixty m p h", "60 mph"),
    GoldenCase("a unit word follows the count rule above ten", "ten kilometers", "10 kilometers"),
    GoldenCase("a unit word follows the count rule below ten", "two miles", "two miles"),
    GoldenCase("a decimal with a unit", "two point five kilograms", "2.5 kilograms"),
    GoldenCase("degrees follow the count rule", "seventy two degrees", "72 degrees"),
    GoldenCase("a temperature scale takes its symbol", "twenty degrees celsius", "20°C"),
    GoldenCase("fahrenheit", "seventy two degrees fahrenheit", "72°F"),
    GoldenCase("below zero", "minus five degrees", "-5 degrees"),
    GoldenCase("below zero with a scale", "negative ten degrees celsius", "-10°C"),
    GoldenCase("a height in feet and inches", "he is six foot two", "he is 6'2\""),
    GoldenCase("a height with inches said", "six feet two inches tall", "6'2\" tall"),
    GoldenCase("feet alone follow the count rule", "six feet tall", "six feet tall"),
    GoldenCase("two degrees in physics stay words", "two degrees in physics", "two degrees in physics"),
    GoldenCase("minus without a temperature stays", "minus five points", "minus five points"),
  ]

  static let idiomCases: [String] = [
    "one of them is broken", "a couple of days", "one day we'll laugh", "on the one hand", "no one knows",
    "one more thing", "the one I like", "at sixes and sevens", "a thousand thanks", "a hundred times",
    "it takes two to tango", "one in a million", "the number one priority", "once or twice",
    "it was two to one at half time", "nine to five job", "first come first served", "a million reasons",
    "the second time", "in a second", "hundreds of people", "thousands of fans", "a dozen eggs",
  ]

  @Test("writes ranges in one form", arguments: rangeCases)
  func formatsRanges(_ golden: GoldenCase) {
    #expect(NumberFormatting().apply(to: golden.input) == golden.expected)
  }

  @Test("writes measurements by the convention", arguments: measurementCases)
  func formatsMeasurements(_ golden: GoldenCase) {
    #expect(NumberFormatting().apply(to: golden.input) == golden.expected)
  }

  @Test("number words in idioms stay words", arguments: idiomCases)
  func keepsIdioms(_ text: String) {
    #expect(NumberFormatting().apply(to: text) == text)
  }

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
