import Foundation
import TestSupport
import Testing

/// WER of the embedded engine on real and synthetic speech, through `utter bench transcribe`.
@Suite("Transcription accuracy", .serialized)
struct AccuracyTests {
  func bench(_ files: [String], references: String) async throws -> [String: Any] {
    let result = try await UtterBinary.run(
      ["bench", "transcribe", "--json", "--references", references] + files, timeout: 900)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test("WER on the 11 pocketsphinx-testdata recordings is at most 7.5%")
  func realSpeech() async throws {
    guard engineAvailable() else { return }
    let data = EngineFixtures.pocketsphinxData.path
    let files =
      ["0870", "0880", "0890", "0920", "0930"].map { "\(data)/librivox/sense_and_sensibility_01_austen_64kb-\($0).wav" }
      + (1...5).map { "\(data)/cards/00\($0).wav" } + ["\(data)/goforward.raw"]
    let report = try await bench(files, references: PackagePaths.file("Samples/eval/pocketsphinx.tsv").path)
    let wer = try #require(report["wer"] as? Double)
    print(
      "pocketsphinx-testdata WER: \(String(format: "%.1f", wer * 100))% over \(report["utterances"] ?? 0) recordings")
    #expect(report["utterances"] as? Int == 11)
    #expect(wer <= 0.075)
  }

  @Test("WER on espeak-ng speech of the evaluation sentences is at most 12%", .enabled(if: SyntheticSpeech.isAvailable))
  func syntheticSpeech() async throws {
    guard engineAvailable() else { return }
    let sentencesURL = PackagePaths.file("Samples/eval/synth-sentences.txt")
    let dir = try TemporaryDirectory("utter-synth")
    defer { dir.remove() }
    let sentences = try String(contentsOf: sentencesURL, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
    var tsv = ""
    var files: [String] = []
    for (index, sentence) in sentences.enumerated() {
      let id = String(format: "synth-%02d", index + 1)
      try SyntheticSpeech.synthesize(String(sentence), to: dir.path("\(id).wav"), wordsPerMinute: 150)
      tsv += "\(id)\t\(sentence)\n"
      files.append(dir.path("\(id).wav").path)
    }
    try tsv.write(to: dir.path("references.tsv"), atomically: true, encoding: .utf8)
    let report = try await bench(files, references: dir.path("references.tsv").path)
    let wer = try #require(report["wer"] as? Double)
    print("espeak-ng synthetic WER: \(String(format: "%.1f", wer * 100))% over \(files.count) sentences")
    #expect(files.count == 20)
    #expect(wer <= 0.12)
  }
}
