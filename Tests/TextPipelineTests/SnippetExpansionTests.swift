import DictationValues
import Testing

@testable import TextPipeline

@Suite("Snippets")
struct SnippetExpansionTests {
  static let snippets = [
    Snippet(trigger: "my calendar", expansion: "https://cal.example.com/sam?ref=Dictation"),
    Snippet(trigger: "sign off", expansion: "Best regards,\nSam"),
    Snippet(trigger: "my email", expansion: "sam@example.com"),
    Snippet(trigger: "my address", expansion: "1 Main St., Springfield"),
  ]

  static let cases: [GoldenCase] = [
    GoldenCase(
      "a trigger expands to its URL with no period glued to it", "Book here: my calendar.",
      "Book here: https://cal.example.com/sam?ref=Dictation"),
    GoldenCase(
      "a trigger mid-sentence keeps the sentence's period", "My calendar is here.",
      "https://cal.example.com/sam?ref=Dictation is here."),
    GoldenCase("a lone trigger writes only the link", "My calendar.", "https://cal.example.com/sam?ref=Dictation"),
    GoldenCase("a trigger matches across case and punctuation", "Thanks. Sign, off.", "Thanks. Best regards,\nSam."),
    GoldenCase(
      "an expansion keeps its own capitals and punctuation", "send to my address please.",
      "send to 1 Main St., Springfield please."),
    GoldenCase("a trigger inside a longer word does not expand", "my emails are late.", "my emails are late."),
    GoldenCase("an e-mail expansion at the end takes no period", "Write to my email.", "Write to sam@example.com"),
  ]

  @Test("expands snippets", arguments: cases)
  func expandsSnippets(_ golden: GoldenCase) {
    #expect(SnippetExpansion(snippets: Self.snippets).apply(to: golden.input) == golden.expected)
  }
}
