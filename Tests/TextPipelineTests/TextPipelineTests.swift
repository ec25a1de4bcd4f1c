import DictationValues
import Testing

@testable import TextPipeline

@Suite("Whole pipeline")
struct TextPipelineTests {
  static let configuration = PipelineConfiguration(
    dictionary: [DictionaryEntry(term: "Kubernetes"), DictionaryEntry(term: "GitHub"), DictionaryEntry(term: "iOS")],
    snippets: [Snippet(trigger: "my calendar", expansion: "https://cal.example.com/sam")]
  )

  static let cases: [GoldenCase] = [
    GoldenCase(
      "a spoken file name with underscore and extension", "open my file underscore name dot txt",
      "Open my file_name.txt."),
    GoldenCase("and slash or", "you can call and slash or write", "You can call and/or write."),
    GoldenCase("the slash command stays words", "use the slash command", "Use the slash command."),
    GoldenCase(
      "a spoken URL with its scheme is written as typed", "https colon slash slash example dot com",
      "https://example.com"),
    GoldenCase("a spoken path after a domain", "go to example dot com slash pricing", "Go to example.com/pricing."),
    GoldenCase(
      "a numbered list item before new line", "item one new line item two new line item three",
      "Item one\nItem two\nItem three."),
    GoldenCase("a new line of products stays words", "a new line of products", "A new line of products."),
    GoldenCase("dot dot dot is an ellipsis", "well dot dot dot I'm not sure", "Well... I'm not sure."),
    GoldenCase(
      "scratch that before a restarted clause keeps only the restart",
      "send it to John scratch that send it to Mary", "Send it to Mary."),
    GoldenCase(
      "a repair that restates the subject is anchored on the repeated word",
      "the file is in documents no wait it's in downloads", "The file is in downloads."),
    GoldenCase(
      "a one-word repair of the same kind swaps in place", "buy the red shirt no wait blue", "Buy the blue shirt."),
    GoldenCase("comma actually is a correction", "meet at five, actually six", "Meet at six."),
    GoldenCase("actually without a comma is an ordinary word", "it actually works", "It actually works."),
    GoldenCase("I mean it is not a correction", "I mean it", "I mean it."),
    GoldenCase("comma sorry I meant is a correction", "call Sam, sorry, I meant Sarah", "Call Sarah."),
    GoldenCase(
      "forget that deletes the clause before", "let's go to the park forget that let's stay home", "Let's stay home."),
    GoldenCase("no no repairs a number", "we need three no no four chairs", "We need four chairs."),
    GoldenCase("make that repairs a number", "make it ten, make that twelve", "Make it 12."),
    GoldenCase("scratch that itch is not a command", "I need to scratch that itch", "I need to scratch that itch."),
    GoldenCase("never mind inside a sentence is not a command", "I never mind the rain", "I never mind the rain."),
    GoldenCase(
      "start over the weekend is not a command", "let's start over the weekend", "Let's start over the weekend."),
    GoldenCase(
      "start over then a new sentence clears what came before", "draft one. Start over. Hello Sam", "Hello Sam."),
    GoldenCase("No, no, that's fine stays", "No, no, that's fine.", "No, no, that's fine."),
    GoldenCase("fillers go and the sentence is finished", "so um we should uh go", "So we should go."),
    GoldenCase("Whisper's punctuated text keeps its punctuation", "Hello, world.", "Hello, world."),
    GoldenCase("a filler inside Whisper's commas goes cleanly", " So, um, we should go.", "So we should go."),
    GoldenCase(
      "a correction leaves a clean capitalised sentence", "let's meet on tuesday no wait wednesday",
      "Let's meet on Wednesday."),
    GoldenCase("a correction with a name", "send it to John I mean Jane", "Send it to Jane."),
    GoldenCase(
      "spoken punctuation and capitals", "hi sam comma new paragraph thanks for the notes period see you",
      "Hi sam,\n\nThanks for the notes. See you."),
    GoldenCase(
      "a spoken question mark ends a question", "is it ready question mark i hope so",
      "Is it ready? I hope so."),
    GoldenCase("stutters and fillers together", "I I um think the the plan works", "I think the plan works."),
    GoldenCase("dictionary terms after formatting", "deploy it to cooper netties", "Deploy it to Kubernetes."),
    GoldenCase("a term at the start keeps the user's case", "i o s is updated", "iOS is updated."),
    GoldenCase(
      "a snippet is written verbatim", "book a slot at my calendar", "Book a slot at https://cal.example.com/sam"),
    GoldenCase("a question gets a question mark", "um can you check github", "Can you check GitHub?"),
    GoldenCase("an empty utterance writes nothing", "   ", ""),
    GoldenCase("only fillers write nothing", "um uh", ""),
    GoldenCase(
      "the trial period ends keeps the word period", "the trial period ends on friday",
      "The trial period ends on Friday."),
    GoldenCase(
      "continuing mid-sentence", "Maybe later.", " maybe later.", before: "I think"),
    GoldenCase(
      "scratch that and a new sentence", "I'll bring wine scratch that I'll bring beer",
      "I'll bring beer."),
    GoldenCase(
      "Whisper's filler and correction across sentences", "So, um, let's meet on Tuesday. No wait, Wednesday.",
      "So let's meet on Wednesday."),
    GoldenCase("Whisper's question keeps its question mark", "Can you send it?", "Can you send it?"),
    GoldenCase(
      "a spoken new line inside Whisper's text", "Dear Sam, new line, thanks for the notes.",
      "Dear Sam,\nThanks for the notes."),
    GoldenCase(
      "a URL survives the whole pipeline", "check https://example.com/a?b=1 um today",
      "Check https://example.com/a?b=1 today."),
    GoldenCase(
      "an address and a version survive the whole pipeline", "email jane.doe@example.com about v1.2.3",
      "Email jane.doe@example.com about v1.2.3."),
    GoldenCase(
      "an emoji at the end takes no period", "um the café in 東京 was great 🎉", "The café in 東京 was great 🎉"),
    GoldenCase("a stuttered I before I'm", "i i i'm not sure", "I'm not sure."),
    GoldenCase("scratch that with nothing before removes only the command", "scratch that hello", "Hello."),
    GoldenCase(
      "a corrected amount keeps its unit", "the total is 40 dollars no wait 50 dollars", "The total is 50 dollars."),
    GoldenCase(
      "I mean between commas in Whisper's text is a filler", "It's, I mean, complicated.", "It's complicated."),
    GoldenCase(
      "I mean between commas swapping one word is a correction", "Call me, uh, tomorrow, I mean, Friday.",
      "Call me Friday."),
    GoldenCase(
      "after an exclamation the text starts a sentence", "that works", " That works.", before: "Wow!"),
    GoldenCase("after a colon and space the text continues", "Buy milk.", "buy milk.", before: "Note: "),
    GoldenCase(
      "a dictated period after the text's own period is not doubled", "period", "", before: "Done."),
    GoldenCase("a lone spoken period ends the text before the cursor", "period", ".", before: "Done"),
    GoldenCase(
      "a lone spoken comma continues the text before the cursor", "comma and then", ", and then.", before: "Eggs"),
  ]

  @Test("cleans up dictation", arguments: cases)
  func cleansUp(_ golden: GoldenCase) {
    let pipeline = TextPipeline(configuration: Self.configuration)
    let result = pipeline.run(golden.input, context: FieldContext(textBeforeCursor: golden.before ?? ""))
    #expect(result.text == golden.expected)
  }

  @Test("the trace names each stage that changed the text, with before and after")
  func trace() {
    let result = TextPipeline().run("um hello the the world")
    #expect(result.trace.map(\.stage) == ["fillers", "repetitions", "sentences"])
    #expect(result.trace.first?.text == "hello the the world")
    #expect(result.trace.last?.text == "Hello the world.")
  }

  @Test(
    "styles change the final text",
    arguments: [
      (TextStyle.formal, "Sounds good."), (.casual, "Sounds good"), (.veryCasual, "sounds good"),
      (.verbatim, "um sounds good"),
    ])
  func styles(_ style: TextStyle, _ expected: String) {
    let pipeline = TextPipeline(configuration: PipelineConfiguration(style: style))
    #expect(pipeline.run("um sounds good").text == expected)
  }

  @Test("verbatim only spaces the text against the cursor")
  func verbatimInsertion() {
    let pipeline = TextPipeline(configuration: PipelineConfiguration(style: .verbatim))
    #expect(pipeline.run("Um, Maybe", context: FieldContext(textBeforeCursor: "I think")).text == " Um, Maybe")
  }

  @Test("switched-off stages do not run")
  func disabledStages() {
    var configuration = PipelineConfiguration()
    configuration.enabledStages.remove(.fillers)
    let result = TextPipeline(configuration: configuration).run("um hello")
    #expect(result.text == "Um hello.")
    #expect(!result.trace.contains { $0.stage == "fillers" })
  }

  @Test("very casual keeps dictionary terms capitalised")
  func veryCasualKeepsTerms() {
    let pipeline = TextPipeline(
      configuration: PipelineConfiguration(dictionary: [DictionaryEntry(term: "GitHub")], style: .veryCasual))
    #expect(pipeline.run("github is down. it is back").text == "GitHub is down. it is back")
  }

  @Test("a long utterance full of markers is cleaned without hanging")
  func longInputTerminates() {
    let long = Array(repeating: "um so the the plan is no wait the idea is comma new line fine", count: 50)
      .joined(separator: " ")
    let result = TextPipeline(configuration: Self.configuration).run(long)
    #expect(!result.text.isEmpty)
    #expect(!result.text.contains("um "))
  }
}
