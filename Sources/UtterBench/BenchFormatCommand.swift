import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import TextPipeline

/// `utter bench format`: the text pipeline's time per utterance, whole and stage by stage.
struct BenchFormatCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Time the text pipeline on a generated corpus of utterances (target: p99 < 1 ms)."
  )

  @Option(parsing: .unconditional, help: "How many utterances to clean up, 1 to 10,000,000.")
  var count = 10_000

  @Option(help: "Seed of the corpus generator.")
  var seed: UInt64 = 42

  @Option(
    parsing: .unconditional,
    help: "Runs per utterance, 1 to 100; the fastest counts, which filters out moments the machine was busy.")
  var repeats = 3

  func validate() throws {
    try OptionRange.check(count, 1...10_000_000, option: "--count")
    try OptionRange.check(repeats, 1...100, option: "--repeats")
  }

  @Flag(help: "Write the figures as JSON.")
  var json = false

  /// Percentiles of one measured series, in milliseconds.
  struct Figures: Codable {
    var name: String
    var p50Ms: Double
    var p99Ms: Double
    var maxMs: Double
  }

  struct Report: Codable {
    var utterances: Int
    var averageCharacters: Int
    var targetP99Ms: Double
    var meetsTarget: Bool
    var repeats: Int
    var pipeline: Figures
    /// The pipeline in thread CPU time: what it costs, without time spent waiting for a core.
    var pipelineCPU: Figures
    var stages: [Figures]
  }

  func run() async throws {
    guard repeats > 0 else { throw CLIError("--repeats must be at least 1") }
    var generator = BenchCorpus(seed: seed)
    let corpus = generator.utterances(count)
    let pipeline = TextPipeline(configuration: BenchCorpus.configuration)
    let clock = ContinuousClock()

    // Warm up caches and lazily built tables.
    for text in corpus.prefix(200) { _ = pipeline.run(text.raw, context: text.context) }

    var whole: [Double] = []
    var wholeCPU: [Double] = []
    whole.reserveCapacity(corpus.count)
    var perStage = Array(repeating: [Double](), count: pipeline.stages.count + 1)
    for utterance in corpus {
      var best = Double.infinity
      var bestCPU = Double.infinity
      var stageBest = Array(repeating: Double.infinity, count: perStage.count)
      for _ in 0..<repeats {
        let cpuStart = BenchMeasure.threadCPUSeconds()
        let start = clock.now
        _ = pipeline.run(utterance.raw, context: utterance.context)
        best = min(best, Self.milliseconds(clock.now - start))
        bestCPU = min(bestCPU, (BenchMeasure.threadCPUSeconds() - cpuStart) * 1_000)

        // Each stage alone, on the text it sees inside the pipeline.
        let parseStart = clock.now
        var document = TextDocument(parsing: utterance.raw)
        stageBest[0] = min(stageBest[0], Self.milliseconds(clock.now - parseStart))
        for (index, stage) in pipeline.stages.enumerated() {
          let stageStart = clock.now
          stage.apply(&document, context: utterance.context)
          stageBest[index + 1] = min(stageBest[index + 1], Self.milliseconds(clock.now - stageStart))
        }
      }
      whole.append(best)
      wholeCPU.append(bestCPU)
      for index in perStage.indices { perStage[index].append(stageBest[index]) }
    }

    let names = ["tokenize"] + pipeline.stages.map(\.name)
    let pipelineFigures = Self.figures("pipeline", whole)
    let report = Report(
      utterances: corpus.count,
      averageCharacters: corpus.reduce(0) { $0 + $1.raw.count } / corpus.count,
      targetP99Ms: 1,
      meetsTarget: pipelineFigures.p99Ms < 1,
      repeats: repeats,
      pipeline: pipelineFigures,
      pipelineCPU: Self.figures("pipeline (CPU time)", wholeCPU),
      stages: zip(names, perStage).map { Self.figures($0, $1) }
    )
    if json { return try printJSON(report) }
    print(Self.table(report))
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
  }

  static func figures(_ name: String, _ samples: [Double]) -> Figures {
    Figures(
      name: name, p50Ms: BenchMeasure.percentile(samples, 0.5), p99Ms: BenchMeasure.percentile(samples, 0.99),
      maxMs: samples.max() ?? 0)
  }

  static func table(_ report: Report) -> String {
    func row(_ f: Figures, indent: String = "") -> String {
      let name = (indent + f.name).padding(toLength: 22, withPad: " ", startingAt: 0)
      return name + [f.p50Ms, f.p99Ms, f.maxMs].map { String(format: "%10.4f", $0) }.joined()
    }
    var lines = [
      "utter bench format: \(report.utterances) utterances, \(report.averageCharacters) characters on average, "
        + "fastest of \(report.repeats) runs each",
      "".padding(toLength: 22, withPad: " ", startingAt: 0)
        + ["p50 ms", "p99 ms", "max ms"].map {
          $0.padding(toLength: 10, withPad: " ", startingAt: 0).reversedPadding()
        }.joined(),
      row(report.pipeline),
      row(report.pipelineCPU),
    ]
    lines += report.stages.map { row($0, indent: "  ") }
    lines.append(
      "target p99 < \(report.targetP99Ms) ms: \(report.meetsTarget ? "met" : "NOT met")")
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string right-aligned in its current width.
  fileprivate func reversedPadding() -> String {
    let trimmed = trimmingCharacters(in: .whitespaces)
    return String(repeating: " ", count: count - trimmed.count) + trimmed
  }
}

/// A varied, reproducible corpus of raw engine text: fillers, stutters, corrections, spoken punctuation,
/// dictionary terms, snippets, URLs and plain sentences, in both lower-case and Whisper-style casing.
struct BenchCorpus {
  struct Utterance {
    var raw: String
    var context: FieldContext
  }

  /// The dictionary and snippets the corpus mentions.
  static let configuration = PipelineConfiguration(
    dictionary: [
      DictionaryEntry(term: "Kubernetes"), DictionaryEntry(term: "GitHub"), DictionaryEntry(term: "iOS"),
      DictionaryEntry(term: "PostgreSQL", replacements: ["post gress"]), DictionaryEntry(term: "Anthropic"),
      DictionaryEntry(term: "Visual Studio Code"), DictionaryEntry(term: "Siobhan", matchBySound: false),
    ],
    snippets: [
      Snippet(trigger: "my calendar", expansion: "https://cal.example.com/sam"),
      Snippet(trigger: "my email", expansion: "sam@example.com"),
    ]
  )

  static let openers = ["", "", "um ", "so um ", "uh ", "okay so ", "well ", "hmm "]
  static let clauses = [
    "let's meet on tuesday no wait wednesday", "send it to john I mean jane", "I I think the the plan works",
    "can you check the github issue", "deploy it to cooper netties", "the trial period ends on friday",
    "the build uses i o s sixteen", "write to my email", "book a slot at my calendar",
    "visit https://example.com/docs?id=3 for details", "rename user_id in config.yaml",
    "it was you know fine", "we need three apples no wait four apples", "I'll bring wine scratch that beer",
    "th- the meeting is at noon", "we like the new line of products", "is it ready question mark",
    "thanks for the notes period see you", "dear sam comma new paragraph thanks", "ping @sam about #release 1.2.3",
    "open visual studio code", "we moved to post gress last year", "I work at and tropic",
    "the café in 東京 was lovely 🎉", "where is the station", "I mean it", "it was like amazing",
  ]
  static let whisperSentences = [
    "Hello, world.", "So, um, we should go.", "I think, you know, it's fine.", "Let's go to Paris, no wait, London.",
    "Can you send it to Siobhan?", "The the report is due on Monday.", "I'm done period.",
    "Meet me on Tuesday. No wait, Wednesday.", "Let's meet tomorrow. Scratch that. Let's meet Friday.",
  ]
  static let contexts: [String?] = [nil, nil, "", "I think", "Hello.", "Notes:\n", "and then "]

  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  mutating func pick<T>(_ items: [T]) -> T {
    items[random.below(items.count)]
  }

  /// `count` utterances, the same for the same seed.
  mutating func utterances(_ count: Int) -> [Utterance] {
    (0..<count).map { _ in
      var raw: String
      if random.next() % 3 == 0 {
        raw = (0..<(1 + Int(random.next() % 3))).map { _ in pick(Self.whisperSentences) }.joined(separator: " ")
      } else {
        raw =
          pick(Self.openers)
          + (0..<(1 + Int(random.next() % 3))).map { _ in pick(Self.clauses) }
          .joined(separator: random.next() % 2 == 0 ? " " : " comma ")
      }
      return Utterance(raw: raw, context: FieldContext(textBeforeCursor: pick(Self.contexts) ?? ""))
    }
  }
}
