import ArgumentParser
import CLISupport
import Foundation
import HTTPTransport

/// `utter bench serve`: a real `utter serve` under 1, 4 and 8 concurrent clients, against `utter transcribe`.
struct BenchServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Throughput and latency of `utter serve` at 1, 4 and 8 concurrent clients, against `utter transcribe`.",
    discussion: """
      Speaks each evaluation sentence with espeak-ng, starts `utter serve` (this binary) on a free port, and at each \
      concurrency sends every sentence --rounds times as OpenAI-style uploads, from that many clients at once (a \
      429 is retried after its Retry-After). Reported per level: requests a second, seconds of audio a second, \
      latency p50/p95, the server's processor seconds per second of audio and its peak memory; each level's texts \
      are compared with the first level's (the load must not change a word). Then each file is transcribed by \
      `utter transcribe --no-history` (a new process each time, as a user runs it) for the same figures, and the \
      texts are compared. Run it on a release build.
      """
  )

  @Option(help: "Sentences to speak, one per line.")
  var sentences: String = "Samples/eval/synth-sentences.txt"

  @Option(parsing: .unconditional, help: "Concurrent clients to measure, comma-separated.")
  var clients: String = "1,4,8"

  @Option(parsing: .unconditional, help: "How many times each level sends every sentence.")
  var rounds: Int = 1

  @Option(parsing: .unconditional, help: "The server's workers (default: its own, one per core).")
  var workers: Int?

  @Option(help: "Speech engine id for both the server and `utter transcribe`.")
  var engine: String = "whisper"

  func validate() throws {
    guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be from 1 to 20") }
    guard !levels.isEmpty, levels.allSatisfy({ (1...64).contains($0) }) else {
      throw ValidationError("--clients must be numbers from 1 to 64, e.g. 1,4,8")
    }
  }

  private var levels: [Int] {
    clients.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  func run() async throws {
    let lines = try BenchMeasure.lines(sentences, what: "sentences")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("utter-bench-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let utterances = try BenchLearningCommand.speak(lines, in: folder, prefix: "serve")
    let files = utterances.indices.map { folder.appendingPathComponent("serve-\($0).wav") }
    let audio = utterances.map { Double($0.samples.count) / 16_000 }
    let utter = try BenchMeasure.utterExecutable()
    // NB: `utter transcribe` runs first, so that its peak memory (the largest child's) is not the server's.
    printError("\(files.count) sentences, \(String(format: "%.1f", audio.reduce(0, +))) s of audio; utter transcribe…")
    var latencies: [Double] = []
    var cpu = 0.0
    var peak = 0.0
    var transcribed: [String] = []
    for file in files {
      let run = try ChildRun.run(utter, ["transcribe", "--no-history", "--engine", engine, file.path], folder: folder)
      latencies.append(run.seconds)
      cpu += run.cpuSeconds
      peak = max(peak, run.peakMegabytes)
      transcribed.append(run.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    printError("starting utter serve…")
    let server = try await BenchServer.start(
      utter: utter, folder: folder, engine: engine, workers: workers)
    defer { server.stop() }
    let uploads = try files.map { try Data(contentsOf: $0) }
    var serverTexts: [Int: String] = [:]
    var sameAsFirst: [Int: Int] = [:]
    var answers: [Int: Int] = [:]
    print("clients\trequests/s\taudio s/s\tp50 ms\tp95 ms\tCPU s/audio s\tpeak MB\t429s")
    for level in levels {
      let cpuBefore = server.cpuSeconds()
      let started = Date()
      let results = try await server.load(uploads, rounds: rounds, clients: level)
      let wall = Date().timeIntervalSince(started)
      let cpu = server.cpuSeconds() - cpuBefore
      let audioDone = Double(rounds) * audio.reduce(0, +)
      // NB: the first level's texts are the reference; every later answer for the same file must match them (each
      // engine call has the same threads at any load, so the load must not change a word).
      if serverTexts.isEmpty { for result in results { serverTexts[result.index] = result.text } }
      for result in results where serverTexts[result.index] == result.text { sameAsFirst[level, default: 0] += 1 }
      answers[level] = results.count
      let latencies = results.map(\.seconds)
      print(
        "\(level)\t\(String(format: "%.2f", Double(results.count) / wall))\t\(String(format: "%.1f", audioDone / wall))\t\(String(format: "%.0f", BenchMeasure.percentile(latencies, 0.5) * 1000))\t\(String(format: "%.0f", BenchMeasure.percentile(latencies, 0.95) * 1000))\t\(String(format: "%.3f", cpu / audioDone))\t\(String(format: "%.0f", server.peakMegabytes()))\t\(results.map(\.busy).reduce(0, +))"
      )
    }
    server.stop()
    let total = audio.reduce(0, +)
    let same = transcribed.enumerated().filter { serverTexts[$0.offset] == $0.element }.count
    print(
      "transcribe\t\(String(format: "%.2f", Double(files.count) / latencies.reduce(0, +)))\t\(String(format: "%.1f", total / latencies.reduce(0, +)))\t\(String(format: "%.0f", BenchMeasure.percentile(latencies, 0.5) * 1000))\t\(String(format: "%.0f", BenchMeasure.percentile(latencies, 0.95) * 1000))\t\(String(format: "%.3f", cpu / total))\t\(String(format: "%.0f", peak))\t-"
    )
    print("same text as utter transcribe: \(same) of \(files.count) files")
    for level in levels.dropFirst() {
      print(
        "same text at \(level) clients as at \(levels[0]): \(sameAsFirst[level, default: 0]) of \(answers[level, default: 0]) answers"
      )
    }
  }
}

/// The `utter serve` a bench runs, and what it measures of it.
struct BenchServer {
  static let token = "bench-\(UUID().uuidString)"
  let process: Process
  let baseURL: URL
  let http = LiveHTTPClient()

  static func start(utter: URL, folder: URL, engine: String, workers: Int?) async throws -> BenchServer {
    let log = folder.appendingPathComponent("serve.log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = utter
    process.arguments =
      [
        "serve", "--port", "0", "--engine", engine, "--queue", "64", "--data-dir",
        folder.appendingPathComponent("data").path,
      ]
      + (workers.map { ["--workers", String($0)] } ?? [])
    var environment = ProcessInfo.processInfo.environment
    environment["UTTER_SERVER_TOKEN"] = token
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    do { try process.run() } catch { throw CLIError("cannot start utter serve: \(error)") }
    var port: Int?
    while process.isRunning, port == nil {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on http://127.0.0.1:") {
        port = Int(text[range.upperBound...].prefix { $0.isNumber })
      } else {
        try await Task.sleep(nanoseconds: 20_000_000)
      }
    }
    guard let port, let url = URL(string: "http://127.0.0.1:\(port)") else {
      throw CLIError("utter serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }
    let server = BenchServer(process: process, baseURL: url)
    while process.isRunning {
      let ready = try? await server.http.send(HTTPRequest(url: url.joining("ready"), timeout: 5))
      if ready?.status == 200 { return server }
      try await Task.sleep(nanoseconds: 100_000_000)
    }
    throw CLIError("utter serve stopped before its engine was ready")
  }

  /// One answered upload.
  struct Result: Sendable {
    var index: Int
    var seconds: Double
    var text: String
    var busy: Int
  }

  /// Sends every upload `rounds` times from `clients` clients at once.
  func load(_ uploads: [Data], rounds: Int, clients: Int) async throws -> [Result] {
    let work = WorkQueue(items: (0..<rounds).flatMap { _ in uploads.indices })
    return try await withThrowingTaskGroup(of: [Result].self) { group in
      for _ in 0..<clients {
        group.addTask {
          var results: [Result] = []
          while let index = work.next() { results.append(try await self.transcribe(uploads[index], index: index)) }
          return results
        }
      }
      var all: [Result] = []
      for try await part in group { all += part }
      return all
    }
  }

  private func transcribe(_ upload: Data, index: Int) async throws -> Result {
    var form = MultipartFormData()
    form.append("model", "whisper-1")
    form.append("file", filename: "speech.wav", contentType: "audio/wav", data: upload)
    let request = HTTPRequest(
      method: .post, url: baseURL.joining("v1/audio/transcriptions"),
      headers: ["Authorization": "Bearer \(Self.token)", "Content-Type": form.contentType], body: form.body,
      timeout: 600)
    let started = Date()
    var busy = 0
    while true {
      let response = try await http.send(request)
      if response.status == 429 {
        busy += 1
        let wait = Double(response.header("Retry-After") ?? "1") ?? 1
        try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
        continue
      }
      guard response.status == 200 else {
        throw CLIError("utter serve answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
      }
      let text = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["text"] as? String
      return Result(index: index, seconds: Date().timeIntervalSince(started), text: text ?? "", busy: busy)
    }
  }

  /// The server's processor time so far (user + system), from /proc.
  func cpuSeconds() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // NB: after the command name: state is field 3, utime 14 and stime 15 (1-based, in clock ticks).
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The server's peak resident memory so far (VmHWM), in MB.
  func peakMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
  }

  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }
}

/// The indices left to send, shared by the bench's clients.
final class WorkQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Int]

  init(items: [Int]) {
    self.items = items.reversed()
  }

  func next() -> Int? { lock.withLock { items.popLast() } }
}

/// One `utter` run as a user runs it: its output, wall time, processor time and peak memory.
enum ChildRun {
  static func run(_ utter: URL, _ arguments: [String], folder: URL) throws -> (
    output: String, seconds: Double, cpuSeconds: Double, peakMegabytes: Double
  ) {
    let out = folder.appendingPathComponent("child.out")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    let process = Process()
    process.executableURL = utter
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["UTTER_HOME"] = folder.appendingPathComponent("transcribe-data").path
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = FileHandle.nullDevice
    let before = childrenUsage()
    let started = Date()
    do { try process.run() } catch { throw CLIError("cannot run utter transcribe: \(error)") }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    let after = childrenUsage()
    func total(_ usage: rusage) -> Double {
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    // NB: RUSAGE_CHILDREN's ru_maxrss is the largest child so far (kilobytes on Linux, bytes on macOS).
    #if os(Linux)
      let peak = Double(after.ru_maxrss) / 1024
    #else
      let peak = Double(after.ru_maxrss) / 1_048_576
    #endif
    return ((try? String(contentsOf: out, encoding: .utf8)) ?? "", seconds, total(after) - total(before), peak)
  }

  private static func childrenUsage() -> rusage {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return usage
  }
}
