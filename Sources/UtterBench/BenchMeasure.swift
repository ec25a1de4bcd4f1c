import ArgumentParser
import CLISupport
import Foundation
import SpeechEngine

/// Which speech engine and model a benchmark runs.
struct BenchEngineOptions: ParsableArguments {
  @Option(help: "Speech engine id.")
  var engine: String?

  @Option(help: "Model id.")
  var model: String?

  /// The chosen engine, loaded.
  func load() async throws -> any SpeechEngine {
    try await EngineFactory.make(id: engine, model: model)
  }
}

/// What benchmarks measure and read the same way.
enum BenchMeasure {
  /// The `utter` these benches run as processes (host, keyboard, serve, transcribe): the one next to this
  /// `utter-bench`, which `utter bench` handed over to.
  static func utterExecutable() throws -> URL {
    let utter = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("utter")
    guard FileManager.default.isExecutableFile(atPath: utter.path) else {
      throw CLIError("utter bench needs utter next to utter-bench in \(utter.deletingLastPathComponent().path)")
    }
    return utter
  }

  /// The value at `fraction` (0 to 1) of `values` in order, at the nearest rank (or the rank `rounding` picks);
  /// `empty` when there are none.
  static func percentile(
    _ values: [Double], _ fraction: Double, rounding: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
    empty: Double = 0
  ) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return empty }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded(rounding)))]
  }

  /// `body` run on each of `items` in turn, each run timed: wall-clock and this thread's CPU time, in milliseconds.
  static func time<Items: Sequence>(
    each items: Items, _ body: (Items.Element) throws -> Void
  ) rethrows -> (wall: [Double], cpu: [Double]) {
    var wall: [Double] = []
    var cpu: [Double] = []
    for item in items {
      let start = DispatchTime.now()
      let cpuStart = threadCPUSeconds()
      try body(item)
      cpu.append((threadCPUSeconds() - cpuStart) * 1000)
      wall.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }
    return (wall, cpu)
  }

  /// CPU time this thread has used so far, in seconds.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The non-empty lines of the `what` file at `path` that are not `#` comments, trimmed.
  static func lines(_ path: String, what: String) throws -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw CLIError("\(path): cannot read the \(what) file")
    }
    return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }
}
