import Testing

@testable import TextPipeline

/// The spec for stutters inside words, repeated number words, and discourse fillers said without pauses.
@Suite("Clean-up spec: stutters inside words and discourse fillers")
struct CleanupSpecStutterAndFillerTests {
  /// Sentences that look like a stutter or a filler and must come out exactly as they went in.
  static let mustNotChange: [String] = [
    "The theory is sound.",
    "Dr Drake is here.",
    "Call nine nine nine.",
    "The Boeing seven seven seven landed.",
    "The code is one one two three.",
    "It's a fifty fifty chance.",
    "I like the way you think.",
    "She looks like her mother.",
    "It's like a mix of both.",
    "I mean it.",
    "I mean what I say.",
    "What I mean is we need more time.",
    "I know what you mean.",
    "Do you know where it is?",
    "You know what I mean?",
    "You know the drill.",
    "If you know, you know.",
    "I don't know what you mean.",
    "The more you know, the better.",
    "It's basically the same as before.",
    "That's basically it.",
    "I was basically asleep.",
    "Basically, yes.",
    "Basically everything is broken.",
    "There were like five people there.",
    "I was like, no way.",
    "What's it like?",
    "It was like a dream.",
    "I'd like a coffee.",
    "I like really spicy food.",
    "Like I said, it's fine.",
    "Like most people, I work.",
    "I was like, so what?",
    "We had had enough.",
    "He's in Indiana now.",
    "Put it in the inbox.",
    "A an and the are articles and a conjunction.",
  ]

  static let cases: [GoldenCase] = [
    GoldenCase("two broken starts before the word", "I need to ch che check the logs", "I need to check the logs."),
    GoldenCase("a broken start said twice before the word", "we cont cont continue tomorrow", "We continue tomorrow."),
    GoldenCase("a broken start without a vowel said twice", "wh wh what time is it", "What time is it?"),
    GoldenCase("one broken start without a vowel", "I th think so", "I think so."),
    GoldenCase("a broken start inside a phrase", "It's in the pr pr project folder", "It's in the project folder."),
    GoldenCase("a syllable said twice before the word", "can you re re repeat that", "Can you repeat that?"),
    GoldenCase("a letter said twice before the word", "b b but I said no", "But I said no."),
    GoldenCase(
      "a repeated word before a longer one is still one word", "the the theory is sound", "The theory is sound."),
    GoldenCase(
      "a number word said three times before a noun is one number", "I need two two two tickets", "I need two tickets."),
    GoldenCase("a number word said twice before a noun is one number", "book five five rooms", "Book five rooms."),
    GoldenCase(
      "a number word said twelve times is one number, not a 12-digit figure",
      "we sold three three three three three three three three three three three three copies", "We sold three copies."),
    GoldenCase("you know after was is a filler", "it was you know really fast", "It was really fast."),
    GoldenCase("you know after it's is a filler", "it's you know complicated", "It's complicated."),
    GoldenCase("you know before kind of is a filler", "we were you know kind of lost", "We were kind of lost."),
    GoldenCase(
      "you know after is before a clause is a filler", "the thing is you know we never tried",
      "The thing is we never tried."),
    GoldenCase("like between was and an intensifier is a filler", "it was like really fast", "It was really fast."),
    GoldenCase("like between she's and super is a filler", "she's like super nice", "She's super nice."),
    GoldenCase("like before a common adjective is a filler", "that's like amazing", "That's amazing."),
    GoldenCase("like before an -ly adverb is a filler", "it was like totally broken", "It was totally broken."),
    GoldenCase("I mean opening a sentence before a contraction is a filler", "I mean it's fine", "It's fine."),
    GoldenCase(
      "I mean opening a sentence before a subject and verb is a filler", "I mean we could just leave",
      "We could just leave."),
    GoldenCase("I mean before a sentence adverb is a filler", "I mean honestly it's fine", "Honestly it's fine."),
    GoldenCase("I mean after it's is a filler", "it's I mean pretty good", "It's pretty good."),
    GoldenCase(
      "basically opening a sentence before its subject is a filler", "basically we need more time", "We need more time."
    ),
    GoldenCase(
      "basically after so before a subject is a filler", "so basically the server crashed", "So the server crashed."),
    GoldenCase("basically after and before a contraction is a filler", "and basically it's done", "And it's done."),
    GoldenCase("basically set off before a clause is a filler", "Basically, we need more time.", "We need more time."),
    GoldenCase("like between was and so is a filler", "I was like so tired", "I was so tired."),
    GoldenCase("like and you know together", "it's like you know really hard", "It's really hard."),
    GoldenCase("um, like and you know together", "it was um like you know amazing", "It was amazing."),
    GoldenCase("like opening a sentence before seriously", "like seriously what happened", "Seriously what happened."),
    GoldenCase(
      "fillers and stutters together", "so um it was you know re re really fast", "So it was really fast."),
  ]

  @Test("words that look like stutters or fillers come out as they went in", arguments: mustNotChange)
  func keepsOrdinaryWords(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test("stutters collapse and fillers go where the words around them show it", arguments: cases)
  func cleans(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }

  @Test("the trace names the stage and the reason for every stutter and filler removed")
  func traced() {
    let result = TextPipeline().run("it was you know really fast and I need to ch che check two two tickets")
    let reasons = Dictionary(grouping: result.trace, by: \.stage).mapValues { $0.flatMap(\.reasons) }
    #expect(reasons["fillers"] == ["'you know': a filler phrase, as the words around it show (no meaning there)"])
    #expect(
      reasons["repetitions"] == [
        "'ch che': the start of a word broken off before the word (a stutter)",
        "'two': a number word said again in a row (a stutter): one number",
      ])
    #expect(result.text == "It was really fast and I need to check two tickets.")
  }
}
