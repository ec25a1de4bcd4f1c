import ArgumentParser
import AudioInput
import Dictation
import Foundation
import Locations
import SpeechEngine

struct BenchSessionCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Measure the keyboard↔app channel latency and stop-to-inserted time for short and long dictations.",
    discussion: """
      Channel: one side writes a command (or state) file, the other observes it through the change signal \
      (inotify); p50/p99 over --iterations. Dictation: a host and a keyboard over real files; the microphone \
      plays speech (--speech, else espeak-ng, else tone bursts) --speed times faster than real time; streaming \
      should keep stop→inserted flat as dictations grow.
      """
  )

  @Option(parsing: .unconditional, help: "Channel round trips to time, 1 to 100,000.")
  var iterations: Int = 300

  @Option(help: "Dictation lengths in seconds, comma-separated.")
  var lengths: String = "5,30,120"

  @Option(
    parsing: .unconditional,
    help: "Microphone speed-up, 0.1 to 1000 (1 = people speaking; faster needs an engine that keeps up).")
  var speed: Double = 1

  @Option(help: "Speech engine id (default: whisper when installed, else a stand-in that reports which).")
  var engine: String?

  @Option(help: "Model id for the engine.")
  var model: String?

  @Option(help: "A speech recording to repeat as the dictation audio.")
  var speech: String?

  func validate() throws {
    try OptionRange.check(iterations, 1...100_000, option: "--iterations")
    try OptionRange.check(speed, 0.1...1000, option: "--speed")
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
    let speechAudio: [Float]?
    if let speech {
      speechAudio = try AudioFileDecoder.decode(contentsOf: URL(fileURLWithPath: speech)).samples
    } else {
      speechAudio = SessionBenchDictation.synthesizedSpeech(in: work)
    }
    print(
      "audio: \(speechAudio == nil ? "tone bursts (no speech available)" : "speech, repeated"), played at \(speed)×")
    var results: [SessionBenchDictation.Outcome] = []
    for seconds in lengths.split(separator: ",").compactMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
      let outcome = try await SessionBenchDictation.run(
        audio: SessionBenchDictation.audio(seconds: seconds, speech: speechAudio), seconds: seconds, speed: speed,
        engine: speechEngine, workDirectory: work)
      results.append(outcome)
      let latency = outcome.stopToInserted.map { String(format: "%.3f s", $0) } ?? "not inserted"
      print(String(format: "dictation %5.0f s  stop→inserted %@  (%d words)", seconds, latency, outcome.words))
    }
    if let first = results.first?.stopToInserted, let last = results.last?.stopToInserted, results.count > 1,
      first > 0
    {
      print(String(format: "longest/shortest stop→inserted: %.2f× (target ≤ 1.5×)", last / first))
    }
  }

  private func makeEngine() async throws -> any SpeechEngine {
    let load = CLIDictation(dataDirectory: Locations.dataDirectory()).pipeline(source: .cli).loadEngine
    if let engine { return try await load(EngineChoice(id: engine, model: model)) }
    do {
      return try await load(EngineChoice(id: "whisper", model: model))
    } catch {
      printError("bench: whisper unavailable (\(error)); using the stand-in engine")
      return DurationEngine()
    }
  }
}
