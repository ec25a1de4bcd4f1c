import Testing

@testable import TextPipeline

/// The spec for spoken corrections, second round: a repair replaces the repaired words and keeps the sentence
/// around them, markers chain, and a marker with nothing to repair goes when a new instruction follows it.
@Suite("Clean-up spec: corrections keep the sentence around the repair")
struct CleanupSpecCorrectionTests {
  /// Sentences with correction words used as ordinary words: each comes out exactly as it went in.
  static let mustNotChange: [String] = [
    "Wait, did you already book the flight?",
    "Wait for me at the entrance.",
    "Hold on, wait, let me check.",
    "It's 5, wait, really?",
    "We need milk, wait, eggs too.",
    "Sorry, wait, what did you say?",
    "No no no, that's not what I meant.",
    "I'll call you Monday, actually.",
    "Let me rephrase the question.",
    "Let me rephrase.",
    "Can you let me rephrase that email before you send it?",
    "Come in. Never mind the mess.",
    "Never mind the weather, we're going anyway.",
    "Actually, never mind, I found it.",
    "I can't wait to see you on Friday.",
    "He told me to wait, so I waited.",
    "The call is on Monday, not Tuesday.",
    "It was blue, or maybe green.",
    "Oh sorry, I didn't see you there.",
    "I'm sorry, I can't make it on Friday.",
    "Let's make it a night to remember.",
    "I can't make it tonight.",
    "No, no, that's fine.",
    "We need to scratch that itch.",
    "Forget that I asked.",
    "Wait until the light turns green.",
    "I said wait, not stop.",
    "Turn left at the church, then right.",
    "The score was three, no contest.",
    "It was actually no longer there.",
    "We had no wait time.",
    "Plan A is fine, plan B is better.",
  ]

  /// Corrections as said, and the sentence a careful editor keeps.
  static let cases: [GoldenCase] = [
    GoldenCase(
      "scratch that before a day swaps the day and keeps the sentence",
      "the call is on monday, scratch that, tuesday", "The call is on Tuesday."),
    GoldenCase(
      "scratch that after a sentence repairs the phrase its preposition anchors",
      "Book a table for Friday. Scratch that, for Saturday.", "Book a table for Saturday."),
    GoldenCase(
      "scratch that before a prepositional phrase replaces that phrase",
      "Send the invoice to Mark, scratch that, to Lisa.", "Send the invoice to Lisa."),
    GoldenCase(
      "never mind, make it … repairs the number", "the meeting is at three, never mind, make it four",
      "The meeting is at four."),
    GoldenCase(
      "never mind before an article phrase replaces that phrase", "I'll take the bus, never mind, the train",
      "I'll take the train."),
    GoldenCase(
      "let me rephrase restarts the sentence from its first word", "order the pasta, let me rephrase, order the salad",
      "Order the salad."),
    GoldenCase(
      "a sentence-long repair after oh sorry, scratch that replaces the sentence",
      "Call Anna. Oh sorry, scratch that. Call Ben.", "Call Ben."),
    GoldenCase(
      "sorry, scratch that between sentences replaces the sentence", "Buy apples. Sorry, scratch that. Buy pears.",
      "Buy pears."),
    GoldenCase(
      "oh sorry, scratch that before a time keeps the start of the sentence",
      "let's meet at noon, oh sorry, scratch that, at one", "Let's meet at one."),
    GoldenCase(
      "wait between two times with a restated subject", "the flight is at 6, wait, it's at 7",
      "The flight is at 7."),
    GoldenCase(
      "wait between two spoken times", "the flight is at six, wait, it's at seven", "The flight is at seven."),
    GoldenCase(
      "wait after a sentence end repairs the sentence before", "The flight is at 6. Wait, it's at 7.",
      "The flight is at 7."),
    GoldenCase(
      "a chain of repairs keeps only the last", "turn left, wait, turn right, actually no, go straight",
      "Go straight."),
    GoldenCase(
      "wait between two colours of the same phrase", "it's in the red folder, wait, the blue folder",
      "It's in the blue folder."),
    GoldenCase(
      "a leading wait before a new instruction goes", "Wait, let's take the train", "Let's take the train."),
    GoldenCase(
      "a leading no wait before a new instruction goes", "No wait, let's use the other room",
      "Let's use the other room."),
    GoldenCase("a leading no no no before a new instruction goes", "no no no, take the bus", "Take the bus."),
    GoldenCase(
      "no no no before a restarted instruction replaces it", "we'll take the train no no no take the bus",
      "We'll take the bus."),
    GoldenCase("no no no between two days swaps the day", "send it monday no no no tuesday", "Send it Tuesday."),
    GoldenCase(
      "actually no before an article phrase replaces it", "I'll have the soup, actually no, the salad",
      "I'll have the salad."),
    GoldenCase(
      "no wait between two ordinals repairs the date", "the party is on the fifth no wait the sixth",
      "The party is on the sixth."),
    GoldenCase(
      "scratch that between two days keeps the verb phrase", "move the meeting to Thursday, scratch that, Friday",
      "Move the meeting to Friday."),
    GoldenCase(
      "scratch that between two counts of the same noun", "we need ten chairs scratch that twelve chairs",
      "We need 12 chairs."),
    GoldenCase(
      "scratch that before a new sentence starting the same way", "Let's go to Rome. Scratch that. Let's go to Paris.",
      "Let's go to Paris."),
    GoldenCase(
      "scratch that after a multi-word time repairs the time", "I'll be there at two thirty, scratch that, three",
      "I'll be there at three."),
    GoldenCase(
      "never mind before a new sentence with a day retracts the old one",
      "we should meet Tuesday. never mind. Wednesday works better", "Wednesday works better."),
    GoldenCase(
      "scratch that before an article phrase of the same colour kind", "I want the red one scratch that the blue one",
      "I want the blue one."),
    GoldenCase(
      "wait, no, with a restated subject", "It was red, wait, no, it was blue.", "It was blue."),
    GoldenCase(
      "wait between two prepositional phrases", "move it to the left, wait, to the right", "Move it to the right."),
    GoldenCase(
      "wait between two amounts", "the budget is five hundred, wait, six hundred dollars", "The budget is $600."),
    GoldenCase(
      "sorry between two counts of the same noun", "we need three chairs, sorry, four chairs", "We need four chairs."),
    GoldenCase(
      "no wait after a sentence end keeps the sentence", "Meet me on Tuesday. Wait, Wednesday.", "Meet me on Wednesday."
    ),
    GoldenCase(
      "unpunctuated never mind restarting the sentence", "Let's meet at the office never mind let's meet online",
      "Let's meet online."),
    GoldenCase(
      "sorry between noon and an hour swaps the time", "let's do lunch at noon, sorry, one", "Let's do lunch at one."),
    GoldenCase(
      "no between two dates of the same month repairs the date", "book the flight for june fifth, no, june sixth",
      "Book the flight for June 6."),
    GoldenCase(
      "actually no after a sentence repairs a lettered option", "Let's go with option A. Actually no, option B.",
      "Let's go with option B."),
    GoldenCase(
      "actually no after a sentence repairs the article phrase", "I'll take a coffee. Actually no, a tea.",
      "I'll take a tea."),
    GoldenCase(
      "scratch that between two ordinals", "the meeting is on the tenth, scratch that, the eleventh",
      "The meeting is on the 11th."),
    GoldenCase("wait between two digits", "I'll see you at 3, wait, 4", "I'll see you at 4."),
    GoldenCase(
      "no wait in a list replaces the last item only", "we need eggs, milk, no wait, cream", "We need eggs, cream."),
    GoldenCase(
      "scratch that between two sentences of the same verb", "Text Mom I'll be late. Scratch that. Text Dad.",
      "Text Dad."),
    GoldenCase("no between two numbers, the second one", "I want three, no, one", "I want one."),
  ]

  @Test("correction words used as ordinary words come out as they went in", arguments: mustNotChange)
  func keepsOrdinaryWords(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test("a repair keeps every word of the sentence around it", arguments: cases)
  func repairs(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }

  @Test("the trace names the stage and the reason for the words a repair removes")
  func traced() {
    let result = TextPipeline().run("the call is on monday, scratch that, tuesday")
    let step = result.trace.first { $0.stage == "corrections" }
    #expect(
      step?.reasons == [
        "', scratch that , tuesday': a correction that swaps 'monday' for 'tuesday', a word of its kind"
      ])
    let opening = TextPipeline().run("Wait, let's take the train")
    #expect(
      opening.trace.first { $0.stage == "corrections" }?.reasons == [
        "'Wait ,': a correction marker with nothing before it to repair"
      ])
  }
}
