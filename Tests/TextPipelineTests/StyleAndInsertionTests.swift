import DictationValues
import Testing

@testable import TextPipeline

@Suite("Styles and insertion")
struct StyleAndInsertionTests {
  static let casualCases: [GoldenCase] = [
    GoldenCase("casual drops the period of a single sentence", "Sounds good.", "Sounds good"),
    GoldenCase("casual keeps periods between sentences", "Sounds good. See you then.", "Sounds good. See you then."),
    GoldenCase("casual keeps a question mark", "Are you in?", "Are you in?"),
  ]

  @Test("casual style", arguments: casualCases)
  func casual(_ golden: GoldenCase) {
    #expect(StyleApplication(style: .casual).apply(to: golden.input) == golden.expected)
  }

  static let veryCasualCases: [GoldenCase] = [
    GoldenCase(
      "very casual lowers sentence starts and drops the final period", "Sounds good. See you then.",
      "sounds good. see you then"),
    GoldenCase("very casual keeps I", "I think so.", "I think so"),
    GoldenCase("very casual keeps acronyms and days", "NASA called. Monday works.", "NASA called. Monday works"),
  ]

  @Test("very casual style", arguments: veryCasualCases)
  func veryCasual(_ golden: GoldenCase) {
    #expect(StyleApplication(style: .veryCasual).apply(to: golden.input) == golden.expected)
  }

  static let insertionCases: [GoldenCase] = [
    GoldenCase(
      "continuing mid-sentence lowers the first word, adds a space and keeps the final period", "Maybe later.",
      " maybe later.", before: "I think"),
    GoldenCase(
      "after a sentence end the text is capitalised with a space", "How are you?", " How are you?", before: "Hello."),
    GoldenCase("after a trailing space no second space is added", "Maybe later.", "maybe later.", before: "I think "),
    GoldenCase("at the start of a field nothing changes", "Hello there.", "Hello there.", before: ""),
    GoldenCase("after a newline no space is added", "Thanks.", "Thanks.", before: "Dear Sam,\n"),
    GoldenCase("after an opening bracket no space is added", "See below.", "see below.", before: "Notes ("),
    GoldenCase("after an opening quote no space is added", "Hi there.", "hi there.", before: "He said \""),
    GoldenCase("a period after a period is not doubled", ". Then go.", " Then go.", before: "Done."),
    GoldenCase("a comma continuing the text attaches without a space", ", and more.", ", and more.", before: "Eggs"),
    GoldenCase("I stays capitalised mid-sentence", "I agree.", " I agree.", before: "and"),
    GoldenCase("a name keeps its capital mid-sentence", "John was there.", " John was there.", before: "and"),
    GoldenCase("a common verb is lowered mid-sentence", "Sounds good.", " sounds good.", before: "I think it"),
    GoldenCase("an abbreviation does not end the sentence", "Smith called.", " Smith called.", before: "Ask Dr."),
    GoldenCase("unknown context changes nothing", "Hello.", "Hello."),
  ]

  @Test("fits text to the cursor", arguments: insertionCases)
  func insertion(_ golden: GoldenCase) {
    let context = FieldContext(textBeforeCursor: golden.before ?? "")
    #expect(InsertionAdjustment().apply(to: golden.input, context: context) == golden.expected)
  }
}
