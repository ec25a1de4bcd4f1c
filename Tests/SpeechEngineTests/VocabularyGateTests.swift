import Testing

@testable import SpeechEngine

@Suite("Whether heard words may be a dictionary term")
struct VocabularyGateTests {
  @Test(
    "sound-alikes of a term open the gate; ordinary words, and a term already written, do not",
    arguments: [
      ("The cluster runs on cube and eats.", ["Kubernetes"], true),
      ("We moved it to grid b last week.", ["GRDB"], true),
      ("Ask them to review the Terraform plan.", ["Terraform"], false),
      ("The dashboards live in graffana now.", ["Grafana"], true),
      ("So I think we should meet on Wednesday at 10.", ["Anthropic", "GRDB"], false),
      ("Can you bring the quarterly report?", ["Anthropic", "GRDB", "Kubernetes", "Grafana"], false),
      ("Please send the report to the finance team before Friday.", ["Siobhan", "Terraform"], false),
      ("", ["Kubernetes"], false),
      ("Anything at all.", [], false),
    ])
  func gate(heard: String, terms: [String], opens: Bool) {
    #expect(!TermSplice.candidates(in: heard, terms: terms, forms: []).isEmpty == opens)
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
}
