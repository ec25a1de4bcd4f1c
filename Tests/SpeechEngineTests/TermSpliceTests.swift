import Testing

@testable import SpeechEngine

@Suite("Taking a term from a second reading, and nothing else")
struct TermSpliceTests {
  static func transcript(_ text: String) -> Transcript {
    Transcript(
      text: text, segments: [TranscriptSegment(text: text, start: 0, end: 1, confidence: 0.9)], language: "en",
      engine: "test", model: "test")
  }

  @Test("a change that writes a term over words that sound like it is taken with its clause; other changes are not")
  func takesTheTermClauseOnly() throws {
    let first = Self.transcript("Please share the graph modeling with New Yearn at 10.")
    let second = Self.transcript("Please share the Grafana link with new year and at ten.")
    let spliced = try #require(TermSplice.splice(second, onto: first, terms: ["Grafana", "Nguyen"]))
    #expect(spliced.transcript.text == "Please share the Grafana link with New Yearn at 10.")
    #expect(spliced.taken == ["graph modeling → Grafana link"])
    #expect(spliced.transcript.learned == ["graph modeling → Grafana link"])
  }

  @Test(
    "a term pushed over words unlike it, or out of nothing, is not taken",
    arguments: [
      ("The train to Boston leaves at noon.", "The Trello-Aston leaves at noon.", "Trello"),
      ("We will meet at noon.", "We will meet Figma at noon.", "Figma"),
      ("And froth it released a new model.", "Anthropic released a new model.", "Anthropic"),
      ("The quarterly report is late.", "The Grafana report is late.", "Grafana"),
      ("The rets are closed.", "The roads are closed.", "Redis"),
    ])
  func refusesSpill(first: String, second: String, term: String) {
    #expect(TermSplice.splice(Self.transcript(second), onto: Self.transcript(first), terms: [term]) == nil)
  }

  @Test(
    "a biased reading gives its term only where the term replaced words that sound like it",
    arguments: [
      (
        "The cluster runs on cube and eats with free nodes.", "The cluster runs on Kubernetes with three nodes.",
        "The cluster runs on Kubernetes with free nodes."
      ),
      (
        "And I will present the Qber needs migration.", "And I will present the Kubernetes migration.",
        "And I will present the Kubernetes migration."
      ),
      // Measured spills of a bias toward 50 unrelated terms, which are refused:
      ("The train to Boston leaves from platform 7.", "The Trello-Aston leaves from platform 7.", nil),
      ("The mock-up, Sarin Figma, Nana, Design folder.", "The mock-up, Sarin Figma, Grafana, Design folder.", nil),
      ("Meet me at noon.", "Meet me at noon Kubernetes.", nil),
    ] as [(String, String, String?)])
  func biasedReading(first: String, biased: String, taken: String?) {
    let terms = ["Kubernetes", "Trello", "Grafana", "Figma"]
    let spliced = TermSplice.splice(Self.transcript(biased), onto: Self.transcript(first), terms: terms)
    #expect(spliced?.transcript.text == taken)
  }

  @Test("a form the engine wrote for the term before makes the words it; an ordinary one only next to its context")
  func learnedFormIsEvidence() throws {
    let anthropic = LearnedForm(heard: "And froth it", term: "Anthropic", context: ["released"], guarded: true)
    let first = Self.transcript("And froth it released a new model.")
    let second = Self.transcript("Anthropic released a new model!")
    let spliced = try #require(TermSplice.splice(second, onto: first, terms: ["Anthropic"], forms: [anthropic]))
    #expect(spliced.transcript.text == "Anthropic released a new model.")

    let misspelled = Self.transcript("andropic released a new model")
    let spelled = try #require(TermSplice.splice(misspelled, onto: first, terms: ["Anthropic"], forms: [anthropic]))
    #expect(spelled.transcript.text == "Anthropic released a new model.", "the same sounds: the term, misspelled")

    let elsewhere = Self.transcript("And froth it was, all over the floor.")
    let pushed = Self.transcript("Anthropic was, all over the floor.")
    #expect(TermSplice.splice(pushed, onto: elsewhere, terms: ["Anthropic"], forms: [anthropic]) == nil)
  }

  @Test("the new words take the time and the trailing punctuation of the words they replace")
  func wordsKeepTheirPlace() throws {
    let words = [
      TranscriptWord(text: "Our", start: 0, end: 0.2, confidence: 0.9),
      TranscriptWord(text: "dashboards", start: 0.2, end: 0.7, confidence: 0.9),
      TranscriptWord(text: "live", start: 0.7, end: 0.9, confidence: 0.9),
      TranscriptWord(text: "in", start: 0.9, end: 1.0, confidence: 0.9),
      TranscriptWord(text: "graph", start: 1.0, end: 1.3, confidence: 0.4),
      TranscriptWord(text: "on.", start: 1.3, end: 1.6, confidence: 0.3),
    ]
    let text = "Our dashboards live in graph on."
    let first = Transcript(
      text: text, segments: [TranscriptSegment(text: text, start: 0, end: 1.6, confidence: 0.7, words: words)],
      language: "en", engine: "test", model: "test")
    let spliced = try #require(
      TermSplice.splice(Self.transcript("Our dashboards live in Grafana now."), onto: first, terms: ["Grafana"]))
    let segment = try #require(spliced.transcript.segments.first)
    #expect(segment.text == "Our dashboards live in Grafana now.")
    #expect(segment.words.map(\.text) == ["Our", "dashboards", "live", "in", "Grafana", "now."])
    #expect(segment.words[4].start == 1.0)
    #expect(segment.words[5].end == 1.6)
  }

  @Test("the terms a reading may still mention: sound-alikes and learned forms, not terms already written")
  func candidates() {
    let niamh = LearnedForm(heard: "I am", term: "Niamh", context: ["and", "before"], guarded: true)
    let terms = ["Grafana", "Kubernetes", "Figma", "Niamh", "Priyanka", "Jenkins"]
    #expect(
      TermSplice.candidates(in: "Share the graph modeling and I am glad.", terms: terms, forms: [niamh]) == [
        "Grafana", "Niamh",
      ])
    #expect(TermSplice.candidates(in: "I am sure Grafana is up.", terms: terms, forms: [niamh]).isEmpty)
    #expect(
      TermSplice.candidates(
        in: "Please send the quarterly report to the finance team before Friday.", terms: terms, forms: [niamh]
      ).isEmpty)
  }
}
