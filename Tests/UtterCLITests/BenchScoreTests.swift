import Foundation
import TestSupport
import Testing

@Suite("utter bench score: another engine's hypotheses under the same WER")
struct BenchScoreTests {
  /// Writes the two TSV files and runs `utter bench score` on them.
  func score(references: String, hypotheses: String, json: Bool = false) async throws -> ProcessOutput {
    let dir = try TemporaryDirectory("utter-score")
    defer { dir.remove() }
    try references.write(to: dir.path("references.tsv"), atomically: true, encoding: .utf8)
    try hypotheses.write(to: dir.path("hypotheses.tsv"), atomically: true, encoding: .utf8)
    let arguments = [
      "bench", "score", "--references", dir.path("references.tsv").path, dir.path("hypotheses.tsv").path,
    ]
    return try await UtterBinary.run(arguments + (json ? ["--json"] : []), timeout: 60)
  }

  @Test("case, punctuation, spelled numbers and Mr are normalised as for Utter's own hypotheses")
  func normalised() async throws {
    let output = try await score(
      references: "a\tmister smith has two dogs\nb\tsee you at ten\n",
      hypotheses: "a\tMr. Smith has 2 dogs.\nb\tSee you at 10!\n")
    #expect(output.status == 0)
    #expect(output.stdout == "WER 0.0% (0 errors / 9 words)\n")
  }

  @Test("an empty hypothesis is every word missed, and --json gives the counts")
  func emptyHypothesis() async throws {
    let output = try await score(
      references: "a\thello there world\nb\tgood morning\n", hypotheses: "a\thello world\nb\t\n", json: true)
    #expect(output.status == 0)
    let report = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(report?["errors"] as? Int == 3)
    #expect(report?["referenceWords"] as? Int == 5)
    #expect(report?["utterances"] as? Int == 2)
  }

  @Test("a reference without a hypothesis is one line naming it, and nothing is scored")
  func missingHypothesis() async throws {
    let output = try await score(references: "a\thello\nb\tworld\n", hypotheses: "a\thello\n")
    #expect(output.status != 0)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasSuffix("hypotheses.tsv: no hypothesis for b\n"))
  }
}
