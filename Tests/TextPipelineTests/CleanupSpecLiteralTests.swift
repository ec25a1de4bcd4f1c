import Testing

@testable import TextPipeline

/// The spec for literal forms and lists, second round: names that are not domains, paths that keep their case, and
/// a list after a heading.
@Suite("Clean-up spec: addresses, paths and lists")
struct CleanupSpecLiteralTests {
  /// Sentences that look like an address, a path or a list and must come out exactly as they went in.
  static let mustNotChange: [String] = [
    "Open the dot app.",
    "Try the dot AI model.",
    "The dot com bubble burst.",
    "A dot com company hired him.",
    "I wrote a bullet point about it.",
    "Groceries are expensive.",
    "Groceries bullet point milk.",
    "Each bullet point needs a verb.",
    "Our number one priority is safety.",
    "The first bullet point is the most important.",
  ]

  static let cases: [GoldenCase] = [
    GoldenCase("a spoken path keeps the case it was said in", "open Contents slash MacOS", "Open Contents/MacOS."),
    GoldenCase(
      "a path through a bundle keeps its case", "slash Applications slash Xcode dot app slash Contents slash MacOS",
      "/Applications/Xcode.app/Contents/MacOS"),
    GoldenCase(
      "a path from the root keeps its case", "cd slash Users slash Sam slash Documents", "Cd /Users/Sam/Documents"),
    GoldenCase("a domain's path keeps its case", "visit example dot com slash Pricing", "Visit example.com/Pricing."),
    GoldenCase("a domain after a name is still joined", "check utter dot app", "Check utter.app."),
    GoldenCase(
      "a heading before bullets stays on its own line", "groceries bullet point milk bullet point bread",
      "Groceries\n- Milk\n- Bread"),
    GoldenCase(
      "a two-word heading before bullets", "to do list bullet point call mom bullet point pay rent",
      "To do list\n- Call mom\n- Pay rent"),
    GoldenCase(
      "a heading before three bullets", "packing bullet point passport bullet point charger bullet point socks",
      "Packing\n- Passport\n- Charger\n- Socks"),
    GoldenCase(
      "a heading before numbered items", "todo number one call Sam number two buy milk",
      "Todo\n1. Call Sam\n2. Buy milk"),
    GoldenCase("days take their capital", "see you on tuesday", "See you on Tuesday."),
  ]

  @Test("names, paths and list words used as words come out as they went in", arguments: mustNotChange)
  func keepsWords(_ text: String) {
    #expect(TextPipeline().run(text).text == text)
  }

  @Test("addresses, paths and lists are written as typed", arguments: cases)
  func writes(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }
}
