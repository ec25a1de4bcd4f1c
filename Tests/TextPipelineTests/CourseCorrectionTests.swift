import Testing

@testable import TextPipeline

@Suite("Course correction")
struct CourseCorrectionTests {
  static let cases: [GoldenCase] = [
    GoldenCase(
      "in a long run without punctuation, a word said far back does not anchor a correction",
      "we should go now and then the team can review the plan with the client and the budget for next year I mean we should go",
      "we should go now and then the team can review the plan with the client and the budget for next year I mean we should go"
    ),
    GoldenCase(
      "scratch that after a long run without punctuation keeps the words",
      "so the plan is that we ship the app on monday and then the team reviews the crash reports and the feedback from the beta users and the people who wrote to support and then we decide what goes into the next release and who works on it scratch that",
      "so the plan is that we ship the app on monday and then the team reviews the crash reports and the feedback from the beta users and the people who wrote to support and then we decide what goes into the next release and who works on it scratch that"
    ),
    GoldenCase(
      "no wait replaces the day before it", "let's meet on Tuesday no wait Wednesday", "let's meet on Wednesday"),
    GoldenCase("I mean replaces the name before it", "send it to John I mean Jane", "send it to Jane"),
    GoldenCase("actually no replaces the time before it", "call me at 5 actually no 6", "call me at 6"),
    GoldenCase("sorry I mean replaces the word before it", "add milk sorry I mean cream", "add cream"),
    GoldenCase(
      "a correction starting with a repeated word replaces from that word",
      "I'll take the red one no wait the blue one", "I'll take the blue one"),
    GoldenCase(
      "a correction aligns on the preposition before the replaced words",
      "the meeting is on Monday no wait Tuesday afternoon", "the meeting is on Tuesday afternoon"),
    GoldenCase(
      "a two-word correction replaces two words", "we need three apples no wait four apples",
      "we need four apples"),
    GoldenCase(
      "commas around the marker go with it", "Let's go to Paris, no wait, London.", "Let's go to London."),
    GoldenCase(
      "a correction after a sentence end replaces the end of that sentence",
      "Meet me on Tuesday. No wait, Wednesday.", "Meet me on Wednesday."),
    GoldenCase(
      "a marker the engine punctuated as its own sentence still corrects",
      "So we should meet on Tuesday. No wait. Wednesday at 10.", "So we should meet on Wednesday at 10."),
    GoldenCase(
      "a marker split by the engine's full stops still corrects", "Call me at 5. No. Wait. 6.", "Call me at 6."),
    GoldenCase(
      "a correction's capital that only marked the sentence break is lowered",
      "Put it on the shelf. Actually no. The table.", "Put it on the table."),
    GoldenCase(
      "I mean as its own sentence is left alone", "I like the design. I mean. It works.",
      "I like the design. I mean. It works."),
    GoldenCase(
      "course correction keeps the corrected clause", "Hi Sam, the call is at 3 no wait 4.",
      "Hi Sam, the call is at 4."),
    GoldenCase(
      "two corrections in a row keep the last", "Tuesday no wait Wednesday no wait Thursday works",
      "Thursday works"),
    GoldenCase(
      "scratch that deletes the clause before it", "I'll bring the wine scratch that I'll bring beer",
      "I'll bring beer"),
    GoldenCase(
      "scratch that after a sentence deletes that sentence",
      "Let's meet tomorrow. Scratch that. Let's meet Friday.", "Let's meet Friday."),
    GoldenCase(
      "scratch that keeps the earlier clauses", "Hi John, I'll be late scratch that I'm on time",
      "Hi John, I'm on time"),
    GoldenCase("scratch that itch keeps its words", "I need to scratch that itch", "I need to scratch that itch"),
    GoldenCase("I mean it keeps its words", "Stop, I mean it.", "Stop, I mean it."),
    GoldenCase("and I mean it keeps its words", "I like it and I mean it", "I like it and I mean it"),
    GoldenCase("actually no longer keeps its words", "I actually no longer need it", "I actually no longer need it"),
    GoldenCase("there is no wait keeps its words", "There is no wait at all", "There is no wait at all"),
    GoldenCase("no wait time keeps its words", "The clinic has no wait time", "The clinic has no wait time"),
    GoldenCase(
      "actually no at the start keeps its words", "Actually no, I don't want it.", "Actually no, I don't want it."),
    GoldenCase("I mean between names replaces the name", "Send it to John, I mean, Jane.", "Send it to Jane."),
    GoldenCase("or rather replaces the word before it", "paint it red or rather blue", "paint it blue"),
    GoldenCase("a marker with a comma inside still corrects", "We met in 2019. No, wait, 2020.", "We met in 2020."),
    GoldenCase(
      "the comma closing a correction aside goes", "Please review the PR, I mean the pull request, by Friday.",
      "Please review the pull request by Friday."),
    GoldenCase(
      "never mind taking an object keeps its words", "Never mind the weather, we're going anyway.",
      "Never mind the weather, we're going anyway."),
    GoldenCase("forget that taking an object keeps its words", "Forget that I asked.", "Forget that I asked."),
    GoldenCase(
      "never mind after a reply word retracts nothing", "Actually, never mind, I found it.",
      "Actually, never mind, I found it."),
    GoldenCase("oh never mind stays", "Oh, never mind.", "Oh, never mind."),
    GoldenCase("never mind alone at the start goes", "Never mind. Let's meet Friday.", "Let's meet Friday."),
    GoldenCase(
      "a restated sentence replaces the whole clause", "book Friday no wait let's do it on Saturday",
      "let's do it on Saturday"),
  ]

  @Test("applies spoken corrections", arguments: cases)
  func appliesCorrections(_ golden: GoldenCase) {
    #expect(CourseCorrection().apply(to: golden.input) == golden.expected)
  }
}
