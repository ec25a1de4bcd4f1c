import AudioInput
import CLISupport
import Dictation
import DictationHost
import Foundation
import HTTPTransport
import KeyStore
import KeyboardModel
import KeyboardSimulation
import Logging
import PhoneSession
import SessionChannel
import SpeechEngine
import SpeechReading
import Storage

/// Runs whole dictations through a host and a keyboard (in one process, over real files) and times them as a user
/// sees them: the first live text, its refreshes, and stop→inserted.
enum SessionBenchDictation {
  /// One dictation to play: its audio (which may go on past the stop) and when the keyboard taps done.
  struct Plan {
    var audio: [Float]
    /// Seconds of audio after which done is tapped.
    var stopAfter: Double
    /// Where speech starts in the audio, in seconds.
    var speechOnset: Double

    /// Seconds of speech (10 ms frames with voice, gaps inside words and between them filled) from `start` to `end`
    /// seconds of the audio.
    func speechSeconds(from start: Double, to end: Double) -> Double {
      let frames = speechFrames
      let lower = max(0, min(frames.count, Int(start * 100)))
      let upper = max(lower, min(frames.count, Int(end * 100)))
      return Double(frames[lower..<upper].filter { $0 }.count) / 100
    }

    private var speechFrames: [Bool] {
      var frames = stride(from: 0, to: audio.count, by: 160).map { start in
        audio[start..<min(audio.count, start + 160)].contains { abs($0) > 0.01 }
      }
      // NB: a stop consonant or the gap between two words is speech still; a pause of 0.3 s or more is not.
      var lastVoiced: Int?
      for index in frames.indices where frames[index] {
        if let last = lastVoiced, index - last > 1, index - last < 30 {
          for gap in (last + 1)..<index { frames[gap] = true }
        }
        lastVoiced = index
      }
      return frames
    }
  }

  struct Outcome {
    var stopToInserted: Double?
    /// Seconds from the start of speech to the first live text.
    var firstPartial: Double?
    /// Seconds between successive live text revisions before the stop.
    var refreshIntervals: [Double]
    /// Seconds of speech between successive live text revisions (a pause, with nothing new to show, counts nothing).
    var speechRefreshIntervals: [Double] = []
    /// Processor seconds (user + system, this process: host, keyboard and engine) per second of audio recorded.
    var cpuPerAudioSecond: Double
    /// What the engine heard (the raw text), as the keyboard's "use raw text" inserts it.
    var rawText: String
    /// Each live text revision before the stop: seconds after speech started, and the text shown.
    var revisions: [(at: Double, text: String)] = []
  }

  static func run(
    _ plan: Plan, speed: Double, engine: any SpeechEngine, workDirectory: URL, hostLog: Logger.Level = .error
  ) async throws -> Outcome {
    let directory = workDirectory.appendingPathComponent("dictation-\(UUID().uuidString.prefix(8))", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let container = directory.appendingPathComponent("container", isDirectory: true)
    let channel = SessionChannel(container: container)
    try channel.prepare()
    var quiet = Logger(label: "utter.bench") { StreamLogHandler.standardError(label: $0) }
    quiet.logLevel = .error
    let origin = Date().timeIntervalSince1970
    var hostLogger = Logger(label: "utter.host") { _ in ElapsedLogHandler(origin: origin) }
    hostLogger.logLevel = hostLog
    // The app's pipeline on default settings, with the engine the bench loaded once for all its dictations.
    let pipeline = DictationPipeline(
      engines: .only(engine),
      formatter: DictationFormatter(
        settings: DictationSettings(), providers: .catalog(keys: InMemorySecretStore(), http: LiveHTTPClient())),
      archive: nil)
    let notifier = ChangeNotifiers.platformDefault(container: container)
    let devices = HostDevices(
      shared: SharedFolder(channel: container), notifier: notifier,
      microphone: PlaybackMicrophone(samples: plan.audio, speed: speed), data: DataFolder(root: directory),
      logger: hostLogger)
    let host = pipeline.makeHost(
      on: devices, adjust: { $0.timeout = .never },
      archive: JSONLinesArchive(url: directory.appendingPathComponent("history.jsonl")))
    let hostRun = Task { try await host.run() }
    defer { hostRun.cancel() }
    let keyboard = KeyboardSession(
      channel: SessionChannel(container: container, logger: quiet), document: SimulatedTextField(),
      watcher: ChannelWatcher(notifier: notifier), logger: quiet)
    let (revisions, insertions) = (RevisionTimes(), RevisionTimes())
    await keyboard.observe(
      phase: { phase in
        if case .inserted(let dictation) = phase {
          insertions.note(Date().timeIntervalSince1970, text: dictation.insertedText)
        }
      },
      liveText: { live in
        if !live.isEmpty { revisions.note(Date().timeIntervalSince1970, text: live.confirmed + " | " + live.volatile) }
      })
    await keyboard.appear()
    guard await Polling.waitUntil(60, { await keyboard.model.phase == .ready }) else {
      throw CLIError("the bench host did not become ready")
    }
    let cpuBefore = processorSeconds()
    let startedAt = Date().timeIntervalSince1970
    await keyboard.tapStart()
    try await Task.sleep(nanoseconds: UInt64(plan.stopAfter / speed * 1e9))
    let stoppedAt = Date().timeIntervalSince1970
    await keyboard.perform(.stop)
    let inserted = await Polling.waitUntil(max(60, plan.stopAfter)) { await keyboard.insertionCount > 0 }
    let insertedAt = insertions.times.first
    let cpu = processorSeconds() - cpuBefore
    await keyboard.perform(.useRaw)
    let raw = await keyboard.document.text.trimmingCharacters(in: .whitespacesAndNewlines)
    await keyboard.disappear()
    await host.stop()
    _ = try? await hostRun.value
    let times = revisions.times.filter { $0 <= stoppedAt }
    let onset = startedAt + plan.speechOnset / speed
    return Outcome(
      stopToInserted: inserted ? insertedAt.map { $0 - stoppedAt } : nil,
      firstPartial: times.first.map { $0 - onset },
      refreshIntervals: zip(times.dropFirst(), times).map { $0 - $1 },
      speechRefreshIntervals: zip(times.dropFirst(), times).map {
        plan.speechSeconds(from: ($1 - startedAt) * speed, to: ($0 - startedAt) * speed)
      },
      cpuPerAudioSecond: cpu / plan.stopAfter, rawText: raw,
      revisions: revisions.entries.filter { $0.time <= stoppedAt }.map { ($0.time - onset, $0.text) })
  }

  /// Sentences spoken one after another with short natural pauses until about `seconds`, ending at the end of a
  /// sentence, then `trailing` seconds of silence before done; with `midWord` (a fraction of the last sentence), done
  /// comes that far into the last sentence instead, while its words are still being said.
  static func plan(seconds: Double, sentences: [[Float]], trailing: Double, midWord: Double? = nil) -> Plan {
    let rate = Double(engineSampleRate)
    let pauses = [0.5, 0.8, 0.6, 0.9, 0.7]
    var audio: [Float] = []
    var lastStart = 0
    var index = 0
    repeat {
      if index > 0 {
        audio += [Float](repeating: 0, count: Int(pauses[index % pauses.count] * rate))
      }
      lastStart = audio.count
      audio += sentences[index % sentences.count]
      index += 1
    } while Double(audio.count) / rate + 2 < seconds
    let speechEnd = Double(audio.count) / rate
    let onset = Double(audio.firstIndex { abs($0) > 0.01 } ?? 0) / rate
    if let midWord {
      let stop = (Double(lastStart) + Double(audio.count - lastStart) * midWord) / rate
      return Plan(audio: audio, stopAfter: stop, speechOnset: onset)
    }
    return Plan(
      audio: audio + [Float](repeating: 0, count: Int(trailing * rate)), stopAfter: speechEnd + trailing,
      speechOnset: onset)
  }

  /// Where run `run` of `runs` stops in the last sentence: a user's done lands anywhere in a word and anywhere
  /// between two live drafts, so each run stops at another point (30% to 70% of the sentence), not all at one.
  static func midWordStop(run: Int, of runs: Int) -> Double {
    runs > 1 ? 0.3 + 0.4 * Double(run) / Double(runs - 1) : 0.45
  }

  /// One second of tone bursts, for machines without espeak-ng.
  static func toneBurst() -> [Float] {
    (0..<16_000).map { index in
      let t = Double(index) / 16_000
      return Float(0.25 * sin(2 * Double.pi * 180 * t) * (0.6 + 0.4 * sin(2 * Double.pi * 3 * t)))
    }
  }

  /// User plus system processor time of this process so far, in seconds.
  static func processorSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// When the keyboard saw each new live text revision.
final class RevisionTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [(time: Double, text: String)] = []

  func note(_ time: Double, text: String) { lock.withLock { seen.append((time, text)) } }
  var times: [Double] { lock.withLock { seen.map(\.time) } }
  var entries: [(time: Double, text: String)] { lock.withLock { seen } }
}

/// Host log lines on standard error, each with the seconds since its dictation's host started (to the millisecond),
/// so a trace shows where the time between two lines went.
struct ElapsedLogHandler: LogHandler {
  let origin: Double
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let line = String(format: "%8.3f s ", Date().timeIntervalSince1970 - origin) + "\(event.level) \(event.message)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
