import Testing

@testable import TextPipeline

@Suite("Sentence formatting")
struct SentenceFormattingTests {
  static let cases: [GoldenCase] = [
    GoldenCase("the first word is capitalised and a period added", "hello there", "Hello there."),
    GoldenCase("a sentence after a period is capitalised", "it works. thanks a lot", "It works. Thanks a lot."),
    GoldenCase("i alone becomes I", "yes i think i can", "Yes I think I can."),
    GoldenCase("i'm becomes I'm", "i'm sure i'll come", "I'm sure I'll come."),
    GoldenCase("text the engine punctuated is not punctuated twice", "Hello, world.", "Hello, world."),
    GoldenCase("a space before a comma goes", "Hello , world .", "Hello, world."),
    GoldenCase("extra spaces collapse", "one   two    three", "One two three."),
    GoldenCase("a doubled comma collapses", "yes,, please", "Yes, please."),
    GoldenCase("a comma before a period goes", "I agree, .", "I agree."),
    GoldenCase("a question from an auxiliary gets a question mark", "can you send it today", "Can you send it today?"),
    GoldenCase("a question from a question word gets a question mark", "where is the station", "Where is the station?"),
    GoldenCase("what time is it is a question", "what time is it", "What time is it?"),
    GoldenCase("how about tomorrow is a question", "how about tomorrow", "How about tomorrow?"),
    GoldenCase("a statement starting with what is not a question", "what I mean is this", "What I mean is this."),
    GoldenCase("a command starting with do is not a question", "do the dishes", "Do the dishes."),
    GoldenCase("have a nice day is not a question", "have a nice day", "Have a nice day."),
    GoldenCase("when you arrive is not a question", "when you arrive call me", "When you arrive call me."),
    GoldenCase(
      "a sentence after a line break is capitalised", "dear Sam,\nthanks for coming", "Dear Sam,\nThanks for coming."),
    GoldenCase(
      "a URL at the end gets no period", "the link is https://example.com/a_b", "The link is https://example.com/a_b"),
    GoldenCase(
      "an e-mail address survives intact", "write to jane.doe@example.com please",
      "Write to jane.doe@example.com please."),
    GoldenCase("a camelCase word at the start keeps its case", "iPhone sales grew", "iPhone sales grew."),
    GoldenCase("a file name keeps its case at the start", "main.swift has the bug", "main.swift has the bug."),
    GoldenCase("snake case and paths survive", "edit user_id in /etc/hosts now", "Edit user_id in /etc/hosts now."),
    GoldenCase(
      "handles, tags and versions survive", "ping @sam about #release 1.2.3", "Ping @sam about #release 1.2.3."),
    GoldenCase("non-ASCII words survive", "café au lait in 東京 🎉 naïve", "Café au lait in 東京 🎉 naïve."),
    GoldenCase("an abbreviation's period does not start a sentence", "ask dr. smith", "Ask dr. smith."),
    GoldenCase("a trailing comma becomes a period", "see you soon,", "See you soon."),
    GoldenCase("a sentence ending in a quote gets its period after", "he said \"hi\"", "He said \"hi\"."),
    GoldenCase("an ellipsis is kept without a period", "well...", "Well..."),
    GoldenCase("a comma after an abbreviation stays", "bring snacks, e.g., chips", "Bring snacks, e.g., chips."),
    GoldenCase("a time with p.m. ends the sentence once", "see you at 5 p.m.", "See you at 5 p.m."),
    GoldenCase("no at the end of a sentence ends it", "I said no. then I left", "I said no. Then I left."),
  ]

  @Test("formats sentences", arguments: cases)
  func formatsSentences(_ golden: GoldenCase) {
    #expect(SentenceFormatting().apply(to: golden.input) == golden.expected)
  }
}
