import ArgumentParser
import AudioInput
import CLISupport
import Foundation
import SpeechEngine

struct BenchTranscribeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transcribe",
    abstract: "Real-time factor, latency per utterance, peak memory, and WER against references.",
    discussion: """
      References are a TSV file of `id<TAB>text`, where id is a file's name without its extension.
      WER is normalised: case, punctuation, digits spelled out, Mr → mister.
      """
  )

  @Argument(help: "Audio files to transcribe.")
  var files: [String]

  @Option(help: "TSV of `id<TAB>reference text`.")
  var references: String?

  @OptionGroup var engineChoice: BenchEngineOptions

  @Option(help: "The spoken language (e.g. fr); default: the model's, or detected.")
  var language: String?

  @Option(parsing: .unconditional, help: "Beam size, 1 (greedy) to 8.")
  var beam: Int = 5

  @Option(parsing: .unconditional, help: "Threads for the embedded engine, 1 to 512.")
  var threads: Int?

  @Option(
    name: .customLong("vocabulary"),
    help: "A dictionary term handed to the engine as a hint (repeat for several), as the personal dictionary does.")
  var vocabulary: [String] = []

  @Option(name: .customLong("vocabulary-file"), help: "A file of dictionary terms, one per line.")
  var vocabularyFile: String?

  @Option(
    name: .customLong("count-terms"),
    help: "A file of terms (one per line) whose spelling in the hypotheses is counted; they are not sent to the engine."
  )
  var countTerms: String?

  @Flag(
    name: .customLong("whole-file"),
    help: "Hand the engine whole files, without voice activity detection (for comparison).")
  var wholeFile = false

  @Flag(help: "Read as live-text drafts are read (greedy, less encoder padding): never used for kept text.")
  var draft = false

  @Flag(help: "Print each utterance's hypothesis.")
  var verbose = false

  @Flag(help: "Print one JSON object.")
  var json = false

  struct Row: Encodable {
    var id: String
    var audioSeconds: Double
    var latencySeconds: Double
    var hypothesis: String
    var reference: String?
    var errors: Int?
    var referenceWords: Int?
  }

  struct Report: Encodable {
    var engine: String
    var model: String
    var beam: Int
    var utterances: Int
    var audioSeconds: Double
    var processingSeconds: Double
    var realTimeFactor: Double
    var latencyP50: Double
    var latencyMax: Double
    var loadSeconds: Double
    var peakRSSMegabytes: Double
    var wer: Double?
    /// Of the vocabulary terms in the references, how many the hypotheses spell right.
    var termsRight: Int?
    var termsSpoken: Int?
    var rows: [Row]
  }

  func validate() throws {
    try OptionRange.check(beam, OptionRange.beam, option: "--beam")
    try OptionRange.check(threads, OptionRange.threads, option: "--threads")
  }

  func run() async throws {
    let referenceTexts = try references.map { try Self.readReferences($0) } ?? [:]
    let loadStart = Date()
    let speech = try await engineChoice.load()
    let loadSeconds = Date().timeIntervalSince(loadStart)
    let hints = try vocabulary + (vocabularyFile.map { try BenchMeasure.lines($0, what: "vocabulary") } ?? [])
    let terms = try countTerms.map { try BenchMeasure.lines($0, what: "vocabulary") } ?? hints
    var options = TranscriptionOptions(language: language, vocabulary: hints, beamSize: beam, threads: threads)
    if draft { options = options.drafting }
    var termCount = TermCount()
    var rows: [Row] = []
    var total = WordErrorCount()
    for file in files {
      let url = URL(fileURLWithPath: file)
      let audio: DecodedAudio
      do { audio = try AudioFileDecoder.decode(contentsOf: url) } catch { throw CLIError("\(error)") }
      let start = Date()
      let transcript =
        wholeFile
        ? try await speech.transcribe(audio.samples, options: options)
        : try await VoicedTranscription().transcribe(audio.samples, engine: speech, options: options)
      let latency = Date().timeIntervalSince(start)
      let id = url.deletingPathExtension().lastPathComponent
      var row = Row(id: id, audioSeconds: audio.duration, latencySeconds: latency, hypothesis: transcript.text)
      if let reference = referenceTexts[id] {
        let count = WordErrorRate.count(reference: reference, hypothesis: transcript.text)
        total = total + count
        row.reference = reference
        row.errors = count.errors
        row.referenceWords = count.referenceWords
        termCount.add(reference: reference, hypothesis: transcript.text, terms: terms)
      }
      if verbose { printError("\(id)\t\(String(format: "%.2f", latency)) s\t\(transcript.text)") }
      rows.append(row)
    }
    let audioSeconds = rows.map(\.audioSeconds).reduce(0, +)
    let processing = rows.map(\.latencySeconds).reduce(0, +)
    let latencies = rows.map(\.latencySeconds)
    let report = Report(
      engine: speech.id, model: speech.model, beam: beam, utterances: rows.count, audioSeconds: audioSeconds,
      processingSeconds: processing, realTimeFactor: audioSeconds > 0 ? processing / audioSeconds : 0,
      latencyP50: BenchMeasure.percentile(latencies, 0.5), latencyMax: latencies.max() ?? 0,
      loadSeconds: loadSeconds, peakRSSMegabytes: ResourceUsage.peakResidentMegabytes,
      wer: total.referenceWords > 0 ? total.rate : nil, termsRight: terms.isEmpty ? nil : termCount.right,
      termsSpoken: terms.isEmpty ? nil : termCount.spoken, rows: rows)
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
      var table = TextTable("measure", "value")
      table.add("engine", "\(report.engine) \(report.model), beam \(beam)")
      table.add("utterances", "\(report.utterances), \(String(format: "%.1f", audioSeconds)) s of audio")
      table.add("model load", "\(String(format: "%.2f", loadSeconds)) s")
      table.add("real-time factor", String(format: "%.3f", report.realTimeFactor))
      table.add("latency p50/max", "\(String(format: "%.2f / %.2f", report.latencyP50, report.latencyMax)) s")
      table.add("peak RSS", "\(String(format: "%.0f", report.peakRSSMegabytes)) MB")
      if let wer = report.wer {
        table.add(
          "WER", "\(String(format: "%.1f", wer * 100))% (\(total.errors) errors / \(total.referenceWords) words)")
      }
      if !terms.isEmpty {
        table.add("vocabulary", "\(hints.count) terms sent, \(terms.count) counted")
        table.add("terms spelled right", "\(termCount.right) of \(termCount.spoken) spoken")
      }
      table.print()
    }
  }

  /// A TSV of `id<TAB>text`; with `allowingEmpty`, an empty text (an engine that heard nothing) is one too.
  static func readReferences(_ path: String, what: String = "references", allowingEmpty: Bool = false) throws
    -> [String: String]
  {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw CLIError("\(path): cannot read the \(what) file")
    }
    var references: [String: String] = [:]
    for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: !allowingEmpty)
      guard fields.count == 2, !fields[0].isEmpty else {
        throw CLIError("\(path):\(number + 1): expected `id<TAB>text`")
      }
      references[String(fields[0])] = String(fields[1])
    }
    return references
  }
}

/// How many spoken vocabulary terms a transcription spells exactly (case included): a reference that says
/// "Siobhan" twice and a hypothesis with one "Siobhan" count one right of two.
struct TermCount {
  var right = 0
  var spoken = 0

  mutating func add(reference: String, hypothesis: String, terms: [String]) {
    let heard = Self.words(hypothesis)
    let said = Self.words(reference).map { $0.lowercased() }
    for term in terms {
      let saidCount = said.filter { $0 == term.lowercased() }.count
      spoken += saidCount
      right += min(saidCount, heard.filter { $0 == term }.count)
    }
  }

  private static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0.isWhitespace }).map {
      String($0).trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "-")))
    }
  }
}

/// Memory figures of this process.
enum ResourceUsage {
  /// Peak resident set size, in megabytes.
  static var peakResidentMegabytes: Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #endif
  }
}
