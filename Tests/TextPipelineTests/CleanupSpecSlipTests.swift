import Testing

@testable import TextPipeline

/// The spec for clean-up, third round: the comma a removed filler leaves, fillers kept until now ("err", "like"
/// inside a verb, a cut-off hum), corrections after a dash or "I meant", and a stutter of one letter. Every rule
/// comes with sentences that use its trigger words on purpose and must come out as they went in.
@Suite("Clean-up spec: commas around fillers, dashes, I meant and one-letter slips")
struct CleanupSpecSlipTests {
  /// Sentences with the words these rules read, used on purpose: each comes out exactly as it went in.
  static let mustNotChange: [String] = [
    // Commas after a greeting or an interjection.
    "Well, that's fine.",
    "It went well, I think.",
    "Oh well, we tried.",
    "Hello, world.",
    "Honestly, I don't mind.",
    "Alright, let's go.",
    // "err" the verb.
    "Err on the side of caution.",
    "To err is human.",
    "We tend to err on the safe side.",
    "It's better to err than to do nothing.",
    "The ERR light is blinking.",
    // Hums that are words.
    "Mm-hmm.",
    "Mm-hmm, that works.",
    "Uh-oh.",
    // "like" before an "-ing" word that compares.
    "I like thinking about it.",
    "It was like watching paint dry.",
    "That's like asking for trouble.",
    "It's like riding a bike.",
    "It was like being there.",
    "She was like a sister to me.",
    "I was like walking on air.",
    "She was like singing in the rain.",
    "He's like nothing I've seen.",
    "They were like something out of a movie.",
    // Dashes that are no correction.
    "The answer — actually the whole point — is simple.",
    "We left early — actually we had to.",
    "I was tired — actually exhausted.",
    "It was good — actually, really good.",
    "Call me Tuesday — no rush.",
    "It was cold — no, freezing.",
    "It's Tuesday — sorry, I know it's late.",
    // "I meant" with nothing before it to correct.
    "Sorry, I meant next Tuesday.",
    "Oh, I meant the other one.",
    "I meant it.",
    "That's not what I meant.",
    "Sorry, I meant to call you.",
    "Okay, I meant every word.",
    "Oh sorry, I meant Tuesday.",
    // Letters used as letters.
    "The letter n is silent.",
    "The letter n next to m.",
    "Let's go with plan b but keep it quiet.",
    "Plan B beats plan A.",
    "I take vitamin d daily.",
    "Take vitamin D daily.",
    "Solve for x and y.",
    "Mark it with an x.",
    "Grade b books are cheaper.",
    "The t test is significant.",
  ]

  static let cases: [GoldenCase] = [
    // Commas around a removed filler.
    GoldenCase(
      "an interjection keeps its comma when the filler between commas goes", "Well, um, that's uh fine",
      "Well, that's fine."),
    GoldenCase("a greeting keeps the comma said after the filler", "Hello um , world", "Hello, world."),
    GoldenCase("a greeting keeps the comma after um without a space", "Hello um, world", "Hello, world."),
    GoldenCase("an answer keeps the comma after the filler", "Okay um, let's go", "Okay, let's go."),
    GoldenCase("well keeps its comma after uh", "well uh, I guess so", "Well, I guess so."),
    GoldenCase("a filler and its comma inside a clause go without a stray space", "It was um , fine", "It was fine."),
    GoldenCase("so takes no comma after the filler goes", "So um, we should go", "So we should go."),
    // Fillers.
    GoldenCase("err opening a sentence is a hesitation", "err that's interesting", "That's interesting."),
    GoldenCase("err set off by a comma is a hesitation", "Err, I'm not sure", "I'm not sure."),
    GoldenCase("err inside a clause is a hesitation", "the file is err missing", "The file is missing."),
    GoldenCase(
      "like between a person's was and its -ing verb is a filler", "I was like thinking about it",
      "I was thinking about it."),
    GoldenCase(
      "like between we were and its -ing verb is a filler", "we were like going to call you",
      "We were going to call you."),
    GoldenCase("like between I'm and a verb of going is a filler", "I'm like dying to see it", "I'm dying to see it."),
    GoldenCase("a lone cut-off hum goes", "Mm-", ""),
    GoldenCase("a cut-off hum before a sentence goes", "Mm- I think so", "I think so."),
    GoldenCase("a cut-off uh goes", "Uh- I forgot.", "I forgot."),
    // Corrections after a dash or with "I meant".
    GoldenCase(
      "actually after a dash swaps the day", "ship it Tuesday — actually Wednesday", "Ship it Wednesday."),
    GoldenCase(
      "actually after a typed hyphen swaps the day", "ship it Tuesday - actually Wednesday", "Ship it Wednesday."),
    GoldenCase("I meant after a dash swaps the day", "ship it Tuesday — I meant Wednesday", "Ship it Wednesday."),
    GoldenCase("no after a dash swaps the number", "meet at five — no, six", "Meet at six."),
    GoldenCase(
      "sorry after a dash repairs the phrase its preposition opens", "send it to Anna — sorry, to Ben",
      "Send it to Ben."),
    GoldenCase(
      "sorry, I meant after a sentence repairs the day in it", "Call Anna on Monday. Sorry, I meant Tuesday.",
      "Call Anna on Tuesday."),
    GoldenCase(
      "I meant after a reply with nothing to correct keeps the user's words", "sorry I meant next tuesday",
      "Sorry I meant next Tuesday."),
    GoldenCase(
      "oh sorry, I meant after a sentence repairs the day in it", "Call me tomorrow. Oh sorry, I meant Friday.",
      "Call me Friday."),
    GoldenCase(
      "actually after a dash swaps a count and keeps its noun", "We need five chairs — actually six.",
      "We need six chairs."),
    // Stutters of one letter.
    GoldenCase("a letter said before its word is a slip", "this n new phonetic slip", "This new phonetic slip."),
    GoldenCase("a letter before a function word is a slip", "as in f from the sentence", "As in from the sentence."),
    GoldenCase("a letter said before the first word is a slip", "n now we can start", "Now we can start."),
    GoldenCase("a drive letter before a spoken colon is a letter", "c colon backslash windows", "C:\\windows."),
    GoldenCase("letters spelled out stay letters", "the build uses i o s sixteen", "The build uses I o s 16."),
  ]

  @Test("words these rules read, used on purpose, come out as they went in", arguments: mustNotChange)
  func keepsOrdinaryWords(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test(
    "commas, fillers, dash corrections and one-letter slips are written as a careful typist would", arguments: cases)
  func cleans(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }

  @Test("the trace gives the reason for a removed err and a one-letter slip")
  func traced() {
    let result = TextPipeline().run("err this n new plan")
    let reasons = Dictionary(grouping: result.trace, by: \.stage).mapValues { $0.flatMap(\.reasons) }
    #expect(reasons["fillers"] == ["'err': a hesitation sound"])
    #expect(reasons["repetitions"] == ["'n': the start of a word broken off before the word (a stutter)"])
    #expect(result.text == "This new plan.")
  }
}
