import DictationValues
import Testing
import WordMatching

@testable import TextPipeline

@Suite("Personal dictionary")
struct DictionaryReplacementTests {
  static let entries: [DictionaryEntry] = [
    DictionaryEntry(term: "GitHub"),
    DictionaryEntry(term: "iOS"),
    DictionaryEntry(term: "Kubernetes"),
    DictionaryEntry(term: "Visual Studio Code"),
    DictionaryEntry(term: "Anthropic"),
    DictionaryEntry(term: "PostgreSQL", replacements: ["post gress", "postgres"]),
    DictionaryEntry(term: "Claude"),
    DictionaryEntry(term: "US"),
    DictionaryEntry(term: "Siobhan", replacements: ["shivawn"], matchBySound: false),
    DictionaryEntry(term: "Nguyen", matchBySound: false),
    DictionaryEntry(term: "C++", replacements: ["c plus plus"]),
    DictionaryEntry(term: "Node.js"),
  ]

  static let cases: [GoldenCase] = [
    GoldenCase("a term is matched regardless of case", "push it to github.", "push it to GitHub."),
    GoldenCase("a term at a sentence start takes the user's case", "Github is down.", "GitHub is down."),
    GoldenCase("a term spelled letter by letter is joined", "update i o s today.", "update iOS today."),
    GoldenCase("a term split in two words is joined", "open git hub now.", "open GitHub now."),
    GoldenCase("a multi-word term is matched as a whole", "open visual studio code.", "open Visual Studio Code."),
    GoldenCase("an explicit replacement becomes the term", "we use post gress here.", "we use PostgreSQL here."),
    GoldenCase("a phrase that sounds like a term becomes it", "deploy to cooper netties.", "deploy to Kubernetes."),
    GoldenCase("a split sound-alike becomes the term", "I work at and tropic.", "I work at Anthropic."),
    GoldenCase("a possessive keeps its ending", "github's API is fast.", "GitHub's API is fast."),
    GoldenCase("a short term never matches by sound", "the cloud is fast.", "the cloud is fast."),
    GoldenCase("a common word keeps its case for a case-only term", "send it to us.", "send it to us."),
    GoldenCase("a term typed exactly still matches", "Claude wrote it.", "Claude wrote it."),
    GoldenCase(
      "an entry without sound matching needs its replacement", "hi shivawn and nuh win.", "hi Siobhan and nuh win."),
    GoldenCase("ordinary words near a term are not swallowed", "the cooper family.", "the cooper family."),
    GoldenCase("punctuation after a term stays", "is it on github?", "is it on GitHub?"),
    GoldenCase("a term made of symbols needs its spoken form", "plan c is in c plus plus.", "plan c is in C++."),
    GoldenCase("a term with a dot matches its spoken words", "we use node js here.", "we use Node.js here."),
    GoldenCase(
      "a URL containing a term is left alone", "see https://github.com/x today.", "see https://github.com/x today."),
  ]

  @Test("writes dictionary terms", arguments: cases)
  func writesTerms(_ golden: GoldenCase) {
    #expect(DictionaryReplacement(entries: Self.entries).apply(to: golden.input) == golden.expected)
  }

  @Test("sound keys match sound-alikes and separate different words")
  func soundKeys() {
    #expect(PhoneticKey.key("Kubernetes") == PhoneticKey.key("cooper netties"))
    #expect(PhoneticKey.key("Anthropic") == PhoneticKey.key("and tropic"))
    #expect(PhoneticKey.key("PostgreSQL") != PhoneticKey.key("post grass"))
    #expect(PhoneticKey.key("Wispr Flow") == PhoneticKey.key("whisper flow"))
    #expect(PhoneticKey.key("Kubernetes") != PhoneticKey.key("governance"))
    #expect(PhoneticKey.key("knight") == PhoneticKey.key("night"))
    #expect(PhoneticKey.key("phone") == PhoneticKey.key("fone"))
  }

  @Test("the vocabulary prompt lists each term once, in order")
  func vocabularyPrompt() {
    let prompt = Vocabulary.prompt(for: [
      DictionaryEntry(term: "Kubernetes"), DictionaryEntry(term: " GitHub "), DictionaryEntry(term: "kubernetes"),
      DictionaryEntry(term: ""),
    ])
    #expect(prompt == ["Kubernetes", "GitHub"])
  }
}
