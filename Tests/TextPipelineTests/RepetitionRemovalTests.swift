import Testing

@testable import TextPipeline

@Suite("Repetition removal")
struct RepetitionRemovalTests {
  static let cases: [GoldenCase] = [
    GoldenCase("a doubled word collapses", "I went to the the store", "I went to the store"),
    GoldenCase("a tripled pronoun collapses", "I I I think so", "I think so"),
    GoldenCase("a repeat keeps the first word's capital", "The the cat sat", "The cat sat"),
    GoldenCase("repeats are found regardless of case", "we We should go", "we should go"),
    GoldenCase("had had is grammatical and stays", "She had had enough", "She had had enough"),
    GoldenCase("that that is grammatical and stays", "He said that that was fine", "He said that that was fine"),
    GoldenCase("a third that is still a stutter", "I know that that that is true", "I know that that is true"),
    GoldenCase("very very is emphasis and stays", "It was very very good", "It was very very good"),
    GoldenCase("no no no is emphasis and stays", "No no no, not that one", "No no no, not that one"),
    GoldenCase("repeated digits are a number and stay", "Call 5 5 5 1 2 1 2", "Call 5 5 5 1 2 1 2"),
    GoldenCase("a false start before the word goes", "th- the meeting is at noon", "the meeting is at noon"),
    GoldenCase("a cut-off question word goes", "wh- what time is it", "what time is it"),
    GoldenCase("a pronoun before its contraction goes", "I I'm not sure", "I'm not sure"),
    GoldenCase("we before we're goes", "we we're ready", "we're ready"),
    GoldenCase("a stutter across a comma collapses", "I, I think it works", "I think it works"),
    GoldenCase("bye, bye across a comma stays", "Bye, bye now", "Bye, bye now"),
    GoldenCase("the same word in two sentences stays", "It works. Works for me.", "It works. Works for me."),
    GoldenCase("a repeated pair of words collapses", "can you can you hear me", "can you hear me"),
    GoldenCase("a grammatical double at a sentence start is a stutter", "is is this working", "is this working"),
    GoldenCase("that before that's is grammatical and stays", "I think that that's right", "I think that that's right"),
    GoldenCase(
      "spoken digits of a phone number all stay", "call me at five five five one two three four",
      "call me at five five five one two three four"),
    GoldenCase("a year said as two numbers stays", "back in twenty twenty six", "back in twenty twenty six"),
    GoldenCase(
      "a word that ends one clause and opens the next stays", "Yeah, I tested it, it looks good.",
      "Yeah, I tested it, it looks good."),
    GoldenCase("so I, I think is still a stutter", "so I, I think so", "so I think so"),
    GoldenCase(
      "dot dot dot is three dots, not a stutter", "well dot dot dot I'm not sure", "well dot dot dot I'm not sure"),
    GoldenCase("dash dash before a flag stays", "git push dash dash force", "git push dash dash force"),
    GoldenCase("a trailing so so so so trails off to one", "and then we left so so so so", "and then we left so"),
    GoldenCase("so-so in the middle of a sentence stays", "it was so so at best", "it was so so at best"),
  ]

  @Test("collapses stutters", arguments: cases)
  func collapsesStutters(_ golden: GoldenCase) {
    #expect(RepetitionRemoval().apply(to: golden.input) == golden.expected)
  }
}
