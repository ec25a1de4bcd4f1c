import ArgumentParser
import CLISupport
import Foundation
import SpeechEngine

/// Scores another engine's hypotheses with the same normalised WER as `utter bench transcribe`.
struct BenchScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score",
    abstract: "WER of another engine's hypotheses, normalised as `utter bench transcribe` normalises its own.",
    discussion: """
      Both files are TSV of `id<TAB>text`. Every reference must have a hypothesis (an utterance an engine heard \
      nothing in is an empty text after the tab); hypotheses without a reference are an error too.
      """
  )

  @Argument(help: "TSV of `id<TAB>hypothesis`, one line per utterance.")
  var hypotheses: String

  @Option(help: "TSV of `id<TAB>reference text`.")
  var references: String

  @Flag(help: "Print one JSON object.")
  var json = false

  struct Report: Encodable {
    var utterances: Int
    var errors: Int
    var referenceWords: Int
    var wer: Double
  }

  func run() throws {
    let expected = try BenchTranscribeCommand.readReferences(references)
    let heard = try BenchTranscribeCommand.readReferences(hypotheses, what: "hypotheses", allowingEmpty: true)
    if let missing = expected.keys.sorted().first(where: { heard[$0] == nil }) {
      throw CLIError("\(hypotheses): no hypothesis for \(missing)")
    }
    if let extra = heard.keys.sorted().first(where: { expected[$0] == nil }) {
      throw CLIError("\(references): no reference for \(extra)")
    }
    var total = WordErrorCount()
    for (id, reference) in expected {
      total = total + WordErrorRate.count(reference: reference, hypothesis: heard[id] ?? "")
    }
    let report = Report(
      utterances: expected.count, errors: total.errors, referenceWords: total.referenceWords,
      wer: total.referenceWords > 0 ? total.rate : 0)
    if json {
      print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    } else {
      print("WER \(String(format: "%.1f", report.wer * 100))% (\(total.errors) errors / \(total.referenceWords) words)")
    }
  }
}
