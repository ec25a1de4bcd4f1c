import DictationValues
import Testing

@testable import TextPipeline

/// The voice commands people use in other dictation apps: "press enter" at the end to send, spoken emoji, and
/// identifier casing; each only where a command can be meant.
@Suite("Clean-up spec: voice commands")
struct CleanupSpecVoiceCommandTests {
  /// Sentences that say a command's words as content: they come out as they went in, and press nothing.
  static let mustNotFire: [String] = [
    "I pressed enter twice.",
    "Press enter to continue.",
    "Tell him to press enter.",
    "Did you send it?",
    "I love the new emoji.",
    "Which emoji did she mean?",
    "We use camel case for variables.",
    "All caps is rude.",
    "Write it in snake case and then test it.",
    "The fire alarm went off.",
  ]

  static let cases: [GoldenCase] = [
    GoldenCase(
      "'press enter' after a pause goes, the sentence keeps its period", "see you then, press enter", "See you then."),
    GoldenCase("'send it' after a sentence", "I'm on my way. Send it.", "I'm on my way."),
    GoldenCase("'press return' alone", "press return", ""),
    GoldenCase("a spoken emoji after the word before it", "great job thumbs up emoji", "Great job 👍"),
    GoldenCase("a spoken emoji alone", "party popper emoji", "🎉"),
    GoldenCase("two spoken emoji", "happy birthday, birthday cake emoji heart emoji", "Happy birthday, 🎂 ❤️"),
    GoldenCase("camel case for the words that follow", "camel case user id", "userId"),
    GoldenCase("snake case until 'end case'", "snake case max retry count end case", "max_retry_count"),
    GoldenCase("kebab case after a pause", "the flag is, kebab case dry run", "The flag is, dry-run"),
    GoldenCase("pascal case", "pascal case session channel", "SessionChannel"),
    GoldenCase("all caps until the end", "all caps do not enter", "DO NOT ENTER"),
  ]

  /// A keyboard's field, which has a return key to press.
  static let field = FieldContext(keyboardType: "default")

  @Test("command words said as content come out as said, and nothing is pressed", arguments: mustNotFire)
  func keepsWords(_ text: String) {
    let result = TextPipeline().run(text, context: Self.field)
    #expect(result.text == text)
    #expect(!result.pressesReturn)
  }

  @Test("each voice command does what it says", arguments: cases)
  func commands(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input, context: Self.field).text == golden.expected)
  }

  @Test("'press enter' as the last words presses return after the text; anywhere else it is text")
  func pressesReturn() {
    #expect(TextPipeline().run("see you then, press enter", context: Self.field).pressesReturn)
    #expect(TextPipeline().run("see you then. Hit enter.", context: Self.field).pressesReturn)
    #expect(!TextPipeline().run("press enter, then wait", context: Self.field).pressesReturn)
    #expect(!TextPipeline().run("see you then", context: Self.field).pressesReturn)
    let file = TextPipeline().run("see you then, press enter")
    #expect(!file.pressesReturn && file.text == "See you then, press enter.", "no keyboard, no return key")
    let trace = TextPipeline().run("see you then, press enter", context: Self.field).trace
    #expect(trace.contains { $0.stage == "return-key" }, "the trace names the command: \(trace.map(\.stage))")
  }

  @Test("the spoken forms follow the field's language: French 'envoie', German 'abschicken'")
  func languages() {
    let french = TextPipeline().run(
      "on se voit demain, envoie", context: FieldContext(keyboardType: "default", language: "fr"))
    #expect(french.pressesReturn && french.text == "On se voit demain.")
    let german = TextPipeline().run(
      "bis morgen, abschicken", context: FieldContext(keyboardType: "default", language: "de"))
    #expect(german.pressesReturn && german.text == "Bis morgen.")
    let english = TextPipeline().run(
      "on se voit demain, envoie", context: FieldContext(keyboardType: "default", language: "en"))
    #expect(!english.pressesReturn, "a French word in an English field is only a word")
  }

  @Test("no voice command in a field for an address or a number, where it would surprise")
  func fieldsWithoutCommands() {
    for type in ["url", "emailAddress", "numberPad", "phonePad"] {
      let field = FieldContext(keyboardType: type)
      #expect(!field.takesVoiceCommands, "\(type)")
      let result = TextPipeline().run("thumbs up emoji, press enter", context: field)
      #expect(!result.pressesReturn && !result.text.contains("👍"), "\(type): \(result.text)")
    }
    #expect(FieldContext(keyboardType: "default").takesVoiceCommands)
    #expect(FieldContext().takesVoiceCommands)
  }
}
