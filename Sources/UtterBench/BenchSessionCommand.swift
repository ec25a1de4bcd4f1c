import ArgumentParser
import AudioInput
import CLISupport
import Dictation
import Foundation
import Logging
import SpeechEngine
import Storage

struct BenchSessionCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Measure the keyboard↔app channel, live text, stop-to-inserted time and keyboard-path accuracy.",
    discussion: """
      Channel: one side writes a command (or state) file, the other observes it through the change signal \
      (inotify); p50/p99 over --iterations. Dictations: a host and a keyboard over real files; the microphone \
      plays the evaluation sentences (espeak-ng, or --speech) --speed times faster than real time with short \
      pauses, for each of --lengths, and done is tapped --trailing seconds after the last word (and, in a \
      --mid-word dictation, in the middle of a word: 30% to 70% into the last sentence, another point each run). \
      Reported: stop→inserted p50/p95, first live text after speech starts, live text refresh \
      interval (in seconds, and in seconds of speech: a pause with nothing new to show counts nothing), processor \
      seconds per audio second, and the WER of each sentence dictated through the keyboard \
      against the same audio transcribed as a file.
      """
  )

  @Option(parsing: .unconditional, help: "Channel round trips to time, 1 to 100,000.")
  var iterations: Int = 300

  @Option(help: "Dictation lengths in seconds, comma-separated.")
  var lengths: String = "5,30,120"

  @Option(parsing: .unconditional, help: "Dictations per length, 1 to 100.")
  var runs: Int = 3

  @Option(parsing: .unconditional, help: "Silence between the last word and done, in seconds (0 to 10).")
  var trailing: Double = 0.8

  @Option(
    parsing: .unconditional, help: "Length of the dictations stopped in the middle of a word, in seconds (0: none).")
  var midWord: Double = 10

  @Option(
    parsing: .unconditional,
    help: "Microphone speed-up, 0.1 to 1000 (1 = people speaking; faster needs an engine that keeps up).")
  var speed: Double = 1

  @Option(help: "Speech engine id (default: whisper when installed, else a stand-in that reports which).")
  var engine: String?

  @Option(help: "Model id for the engine.")
  var model: String?

  @Option(help: "A speech recording to use instead of the evaluation sentences (no WER then).")
  var speech: String?

  @Option(help: "The evaluation sentences, one a line.")
  var sentences: String = "Samples/eval/synth-sentences.txt"

  @Flag(help: "Skip the keyboard-path accuracy comparison.")
  var skipWER = false

  @Flag(help: "Print each dictation's live text revisions (seconds after speech started) and its stop→inserted time.")
  var verbose = false

  @Option(help: "The host's log level on standard error: error, notice, info, debug or trace (each live engine call).")
  var hostLog: String = "error"

  func validate() throws {
    try OptionRange.check(iterations, 1...100_000, option: "--iterations")
    try OptionRange.check(runs, 1...100, option: "--runs")
    guard Logger.Level(rawValue: hostLog) != nil else {
      let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--host-log must be one of \(levels)")
    }
    try OptionRange.check(speed, 0.1...1000, option: "--speed")
    try OptionRange.check(trailing, 0...10, option: "--trailing")
    try OptionRange.check(midWord, 0...3600, option: "--mid-word")
    for length in lengths.split(separator: ",") {
      let text = length.trimmingCharacters(in: .whitespaces)
      try OptionRange.check(Double(text) ?? -1, 1...3600, option: "--lengths (seconds each)")
    }
  }

  func run() async throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "utter-bench-session-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    for (index, (direction, sync)) in [
      ("keyboard→app", true), ("app→keyboard", true), ("keyboard→app", false), ("app→keyboard", false),
    ].enumerated() {
      let figures = try await SessionBenchChannel.measure(
        container: work.appendingPathComponent("channel-\(index)"), iterations: iterations, direction: direction,
        sync: sync)
      print(
        String(
          format: "channel %@%@  p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%d writes, %d missed)", direction,
          sync ? "" : " (no fsync)", figures.percentile(0.5), figures.percentile(0.99), figures.samples.max() ?? .nan,
          figures.samples.count, figures.missed))
    }

    let speechEngine = try await makeEngine()
    print("engine: \(speechEngine.id) \(speechEngine.model)")
    let texts =
      (try? String(contentsOfFile: sentences, encoding: .utf8))?.split(separator: "\n").map(String.init)
      .filter { !$0.isEmpty } ?? []
    var spoken: [[Float]]
    if let speech {
      spoken = [try AudioFileDecoder.decode(contentsOf: URL(fileURLWithPath: speech)).samples]
    } else if let synthesized = try? BenchLearningCommand.speak(
      texts.isEmpty ? ["The quick brown fox jumps over the lazy dog."] : texts, in: work, prefix: "sentence")
    {
      spoken = synthesized.map(\.samples)
    } else {
      spoken = [SessionBenchDictation.toneBurst()]
    }
    print(
      "audio: \(speech != nil ? "--speech" : texts.isEmpty ? "one sentence" : "\(texts.count) evaluation sentences"), "
        + String(format: "played at %g×, done %.1f s after the last word", speed, trailing))

    var plans: [(label: String, stop: String, plan: SessionBenchDictation.Plan)] = []
    for seconds in lengths.split(separator: ",").compactMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
      plans.append(
        (
          String(format: "%4.0f s", seconds), "after a pause",
          SessionBenchDictation.plan(seconds: seconds, sentences: spoken, trailing: trailing)
        ))
    }
    if midWord > 0 {
      plans.append(
        (
          String(format: "%4.0f s, stopped mid-word", midWord), "mid-word",
          SessionBenchDictation.plan(seconds: midWord, sentences: spoken, trailing: 0, midWord: 0.5)
        ))
    }
    for (label, stop, plan) in plans {
      var outcomes: [SessionBenchDictation.Outcome] = []
      for run in 0..<runs {
        let runPlan =
          stop == "mid-word"
          ? SessionBenchDictation.plan(
            seconds: midWord, sentences: spoken, trailing: 0,
            midWord: SessionBenchDictation.midWordStop(run: run, of: runs)) : plan
        let outcome = try await SessionBenchDictation.run(
          runPlan, speed: speed, engine: speechEngine, workDirectory: work,
          hostLog: Logger.Level(rawValue: hostLog) ?? .error)
        if verbose {
          print("\(label.trimmingCharacters(in: .whitespaces)), run \(run + 1):")
          for revision in outcome.revisions { print(String(format: "  %6.2f s  ", revision.at) + revision.text) }
          print(String(format: "  stop→inserted %.2f s", outcome.stopToInserted ?? .nan))
        }
        outcomes.append(outcome)
      }
      print(Self.summary(label, stop: stop, plan: plan, outcomes))
    }
    if !skipWER, speech == nil, !texts.isEmpty, spoken.count == texts.count {
      try await compareAccuracy(texts: texts, spoken: spoken, engine: speechEngine, work: work)
    }
  }

  /// Dictates each sentence through the keyboard and transcribes the same audio as a file; prints both WERs.
  private func compareAccuracy(texts: [String], spoken: [[Float]], engine: any SpeechEngine, work: URL) async throws {
    var keyboardCount = WordErrorCount()
    var fileCount = WordErrorCount()
    var identical = 0
    for (text, samples) in zip(texts, spoken) {
      let plan = SessionBenchDictation.plan(seconds: 0, sentences: [samples], trailing: trailing)
      let outcome = try await SessionBenchDictation.run(plan, speed: speed, engine: engine, workDirectory: work)
      let recorded = Array(plan.audio.prefix(Int(plan.stopAfter * Double(engineSampleRate))))
      let file = try await VoicedTranscription().transcribe(recorded, engine: engine, options: TranscriptionOptions())
      let fileText = file.text.trimmingCharacters(in: .whitespacesAndNewlines)
      keyboardCount = keyboardCount + WordErrorRate.count(reference: text, hypothesis: outcome.rawText)
      fileCount = fileCount + WordErrorRate.count(reference: text, hypothesis: fileText)
      if fileText == outcome.rawText { identical += 1 }
    }
    print(
      String(
        format: "keyboard WER %.1f%% vs file WER %.1f%% over %d sentences (difference %+.1f points; %d/%d identical)",
        keyboardCount.rate * 100, fileCount.rate * 100, texts.count, (keyboardCount.rate - fileCount.rate) * 100,
        identical, texts.count))
  }

  /// The figures of one length's dictations, one a line: first partial, refresh, processor time and stop→inserted
  /// (`stop` says which stop it was: after a pause, or in the middle of a word).
  static func summary(
    _ label: String, stop: String, plan: SessionBenchDictation.Plan, _ outcomes: [SessionBenchDictation.Outcome]
  ) -> String {
    let latencies = outcomes.compactMap(\.stopToInserted)
    let firsts = outcomes.compactMap(\.firstPartial)
    let refreshes = outcomes.flatMap(\.refreshIntervals)
    let speechRefreshes = outcomes.flatMap(\.speechRefreshIntervals)
    let cpu = outcomes.map(\.cpuPerAudioSecond)
    func p(_ values: [Double], _ q: Double) -> String {
      values.isEmpty ? "–" : String(format: "%.2f", BenchMeasure.percentile(values, q, rounding: .up))
    }
    let missing = outcomes.count - latencies.count
    return [
      "dictation \(label) (\(String(format: "%.1f", plan.stopAfter)) s recorded, \(outcomes.count) runs):",
      "  first partial p50 \(p(firsts, 0.5)) s (max \(p(firsts, 1)) s)",
      "  refresh p50 \(p(refreshes, 0.5)) s (p95 \(p(refreshes, 0.95)) s, max \(p(refreshes, 1)) s; speech between "
        + "refreshes p95 \(p(speechRefreshes, 0.95)) s, max \(p(speechRefreshes, 1)) s)",
      "  CPU \(p(cpu, 0.5)) s per audio s (max \(p(cpu, 1)) s)",
      "  stop \(stop) → inserted p50 \(p(latencies, 0.5)) s (p95 \(p(latencies, 0.95)) s"
        + (missing > 0 ? "; \(missing) not inserted)" : ")"),
    ].joined(separator: "\n")
  }

  private func makeEngine() async throws -> any SpeechEngine {
    let load = CLIDictation(dataDirectory: Locations.dataDirectory()).pipeline(source: .cli).engines.load
    let engine: any SpeechEngine
    if let id = self.engine {
      engine = try await load(EngineChoice(id: id, model: model))
    } else {
      do {
        engine = try await load(EngineChoice(id: "whisper", model: model))
      } catch {
        printError("bench: whisper unavailable (\(error)); using the stand-in engine")
        engine = DurationEngine()
      }
    }
    return engine
  }
}
