import Testing

@testable import SpeechEngine

@Suite("Whether heard words may be a dictionary term")
struct VocabularyGateTests {
  @Test(
    "sound-alikes of a term open the gate; ordinary words do not",
    arguments: [
      ("The cluster runs on cube and eats.", ["Kubernetes"], true),
      ("We moved it to grid b last week.", ["GRDB"], true),
      ("Ask them to review the Terraform plan.", ["Terraform"], true),
      ("The dashboards live in graffana now.", ["Grafana"], true),
      ("So I think we should meet on Wednesday at 10.", ["Anthropic", "GRDB"], false),
      ("Can you bring the quarterly report?", ["Anthropic", "GRDB", "Kubernetes", "Grafana"], false),
      ("Please send the report to the finance team before Friday.", ["Siobhan", "Terraform"], false),
      ("", ["Kubernetes"], false),
      ("Anything at all.", [], false),
    ])
  func gate(heard: String, terms: [String], opens: Bool) {
    #expect(VocabularyGate.mayMention(heard, terms: terms) == opens)
  }

  @Test("terms are found as whole words, case ignored")
  func spelledTerms() {
    #expect(
      VocabularyGate.spelledTerms("we use grdb and Kubernetes", terms: ["GRDB", "Kubernetes", "Figma"]) == [
        "grdb", "kubernetes",
      ])
    #expect(VocabularyGate.spelledTerms("a kubernetesque setup", terms: ["Kubernetes"]).isEmpty)
    #expect(VocabularyGate.spelledTerms("ask Nguyen Van", terms: ["Nguyen Van"]) == ["nguyen van"])
  }

  @Test(
    "a biased reading is taken only where the term replaced words that sound like it",
    arguments: [
      ("The cluster runs on cube and eats with free nodes.", "The cluster runs on Kubernetes with free nodes.", true),
      ("And I will present the Qber needs migration.", "And I will present the Kubernetes migration.", true),
      // Measured spills of a bias toward 50 unrelated terms, which this check refuses:
      ("The train to Boston leaves from platform 7.", "The Trello-Aston leaves from platform 7.", false),
      ("The mock-up, Sarin Figma, Nana, Design folder.", "The mock-up, Sarin Figma, Grafana, Design folder.", false),
      ("Meet me at noon.", "Meet me at noon Kubernetes.", false),
    ])
  func biasedReading(first: String, biased: String, taken: Bool) {
    let terms = ["Kubernetes", "Trello", "Grafana", "Figma"]
    #expect(VocabularyGate.gained(biased, over: first, terms: terms))
    #expect(VocabularyGate.termsSoundLikeWhatTheyReplace(first: first, hinted: biased, terms: terms) == taken)
  }

  @Test("a reading gains a term only when it spells one the first reading did not")
  func gained() {
    #expect(!VocabularyGate.gained("Ask Siobhan.", over: "ask siobhan", terms: ["Siobhan"]))
    #expect(VocabularyGate.gained("Ask Siobhan.", over: "Ask Shivon.", terms: ["Siobhan"]))
    #expect(!VocabularyGate.gained("Ask Shivon.", over: "Ask Shivon.", terms: []))
  }
}
