import Testing

@testable import TextPipeline

@Suite("Spoken punctuation")
struct SpokenPunctuationTests {
  static let cases: [GoldenCase] = [
    GoldenCase(
      "dash dash before a word is a command-line flag", "git push origin main dash dash force",
      "git push origin main --force"),
    GoldenCase(
      "a flag of several words is joined by hyphens", "run it with dash dash dry dash run", "run it with --dry-run"),
    GoldenCase("comma becomes a comma", "hello comma how are you", "hello, how are you"),
    GoldenCase("period at the end becomes a full stop", "I'm done period", "I'm done."),
    GoldenCase("full stop before a capital ends the sentence", "That's it full stop The end", "That's it. The end"),
    GoldenCase("question mark becomes a question mark", "are you coming question mark", "are you coming?"),
    GoldenCase("exclamation point becomes an exclamation mark", "we won exclamation point", "we won!"),
    GoldenCase("exclamation mark becomes an exclamation mark", "great job exclamation mark", "great job!"),
    GoldenCase("colon introduces a list", "shopping list colon eggs and milk", "shopping list: eggs and milk"),
    GoldenCase("semicolon joins clauses", "it rained semicolon we stayed in", "it rained; we stayed in"),
    GoldenCase("dash writes a spaced dash", "wait dash no", "wait — no"),
    GoldenCase("hyphen joins the words", "well hyphen known", "well-known"),
    GoldenCase("new line breaks the line", "Dear Sam new line thanks for coming", "Dear Sam\nthanks for coming"),
    GoldenCase(
      "new paragraph leaves a blank line", "first point new paragraph second point", "first point\n\nsecond point"),
    GoldenCase("open and close quote wrap the words", "he said open quote hi close quote", "he said \"hi\""),
    GoldenCase("quote and unquote wrap the words", "it was quote fine unquote", "it was \"fine\""),
    GoldenCase("open and close paren wrap the words", "the plan open paren draft close paren", "the plan (draft)"),
    GoldenCase(
      "the trial period ends keeps the word period", "the trial period ends today", "the trial period ends today"),
    GoldenCase("the period after a determiner is a word", "the period was short", "the period was short"),
    GoldenCase("period before a lower-case word is a word", "a period of growth", "a period of growth"),
    GoldenCase(
      "without capitals from the engine period before a word ends the sentence",
      "thanks for the notes period see you", "thanks for the notes. see you"),
    GoldenCase(
      "with capitals from the engine period before a lower-case word is a word",
      "It was a hard period for everyone", "It was a hard period for everyone"),
    GoldenCase("a comma-separated list keeps its words", "a comma-separated list", "a comma-separated list"),
    GoldenCase(
      "comma separated values keeps its words", "export comma separated values", "export comma separated values"),
    GoldenCase("the new line of products keeps its words", "the new line of products", "the new line of products"),
    GoldenCase("the Oxford comma keeps its word", "I use the Oxford comma", "I use the Oxford comma"),
    GoldenCase("a dash of salt keeps its word", "add a dash of salt", "add a dash of salt"),
    GoldenCase("the engine's own period after a spoken one is not doubled", "I'm done period.", "I'm done."),
    GoldenCase("the engine's comma after a spoken new line goes", "Dear Sam, new line, thanks.", "Dear Sam,\nthanks."),
    GoldenCase("a spoken question mark replaces the engine's period", "Is it ready question mark.", "Is it ready?"),
    GoldenCase("example dot com becomes a domain", "visit example dot com today", "visit example.com today"),
    GoldenCase(
      "a spoken e-mail address is joined", "mail john dot smith at gmail dot com", "mail john.smith@gmail.com"),
    GoldenCase("a spoken subdomain is joined", "open docs dot example dot com", "open docs.example.com"),
    GoldenCase("meet at a domain is not an e-mail address", "meet at google dot com", "meet at google.com"),
    GoldenCase("a spoken path from the root", "cd slash users slash sam", "cd /users/sam"),
    GoldenCase(
      "a spoken path ending in a file name", "open slash etc slash hosts dot txt now", "open /etc/hosts.txt now"),
    GoldenCase("a spoken path from the home folder", "open tilde slash notes", "open ~/notes"),
    GoldenCase("one slash between words joins them", "input slash output", "input/output"),
    GoldenCase("a single letter after dash is a short flag", "git commit dash m fix", "git commit -m fix"),
    GoldenCase("em dash writes a dash", "the plan em dash if it works", "the plan — if it works"),
    GoldenCase("en dash writes an en dash", "pages ten en dash twenty", "pages ten – twenty"),
    GoldenCase("backslash joins the words", "C colon backslash windows", "C:\\windows"),
    GoldenCase("at sign writes an at before a handle", "my handle is at sign sam", "my handle is @sam"),
    GoldenCase("the at sign as a noun stays words", "type the at sign", "type the at sign"),
    GoldenCase("ampersand writes an ampersand", "R ampersand D", "R & D"),
    GoldenCase("left and right paren wrap the words", "left paren draft right paren", "(draft)"),
    GoldenCase(
      "open and close parentheses wrap the words", "open parentheses see above close parentheses", "(see above)"),
    GoldenCase("open and close brackets wrap the words", "open brackets sic close brackets", "[sic]"),
    GoldenCase("open and close brace wrap the words", "open brace x close brace", "{x}"),
    GoldenCase("open and close quotes wrap the words", "he said open quotes hello close quotes", "he said \"hello\""),
    GoldenCase("end quote closes a quote", "quote to be or not end quote", "\"to be or not\""),
    GoldenCase("ellipsis becomes three dots", "I wonder ellipsis", "I wonder..."),
    GoldenCase("full stop ends the sentence", "that's all full stop", "that's all."),
    GoldenCase(
      "a question mark before a lower-case word in capitalised text is a noun", "That's a big question mark for me.",
      "That's a big question mark for me."),
    GoldenCase(
      "a question mark before I ends the sentence", "Is it ready question mark I hope so", "Is it ready? I hope so"),
    GoldenCase(
      "an exclamation point as a noun stays words", "Where is the exclamation point on this keyboard?",
      "Where is the exclamation point on this keyboard?"),
    GoldenCase("a file name with a spoken extension", "attach report dot pdf", "attach report.pdf"),
  ]

  @Test("writes spoken punctuation", arguments: cases)
  func writesPunctuation(_ golden: GoldenCase) {
    #expect(SpokenPunctuation().apply(to: golden.input) == golden.expected)
  }
}
