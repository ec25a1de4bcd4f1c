import AudioInput
import Dictation
import DictationHost
import Foundation
import HTTPTransport
import KeyStore
import KeyboardModel
import Logging
import SessionChannel
import SpeechEngine

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
  }

  struct Outcome {
    var stopToInserted: Double?
    /// Seconds from the start of speech to the first live text.
    var firstPartial: Double?
    /// Seconds between successive live text revisions before the stop.
    var refreshIntervals: [Double]
    /// Processor seconds (user + system, this process: host, keyboard and engine) per second of audio recorded.
    var cpuPerAudioSecond: Double
    /// What the engine heard (the raw text), as the keyboard's "use raw text" inserts it.
    var rawText: String
  }

  static func run(_ plan: Plan, speed: Double, engine: any SpeechEngine, workDirectory: URL) async throws -> Outcome {
    let directory = workDirectory.appendingPathComponent("dictation-\(UUID().uuidString.prefix(8))", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let container = directory.appendingPathComponent("container", isDirectory: true)
    let channel = SessionChannel(container: container)
    try channel.prepare()
    var quiet = Logger(label: "utter.bench") { StreamLogHandler.standardError(label: $0) }
    quiet.logLevel = .error
    let environment = HostEnvironment(
      clock: .system, microphone: PlaybackMicrophone(samples: plan.audio, speed: speed),
      makeSegmenter: { VoiceActivitySegmenter() }, loadEngine: { engine },
      format: DictationFormatter(
        settings: DictationSettings(),
        providers: .catalog(
          keys: InMemorySecretStore(), http: LiveHTTPClient())
      ).textFormatter,
      archive: JSONLinesArchive(url: directory.appendingPathComponent("history.jsonl")),
      spool: AudioSpool(directory: directory.appendingPathComponent("spool")),
      makeSessionID: { UUID().uuidString.lowercased() }, logger: quiet)
    let notifier = ChangeNotifiers.platformDefault(container: container)
    let host = DictationHost(
      channel: channel, watcher: ChannelWatcher(notifier: notifier), environment: environment,
      configuration: HostConfiguration(timeout: .never))
    let hostRun = Task { try await host.run() }
    defer { hostRun.cancel() }
    let keyboard = KeyboardSession(
      channel: SessionChannel(container: container, logger: quiet), document: SimulatedTextField(),
      watcher: ChannelWatcher(notifier: notifier), logger: quiet)
    let revisions = RevisionTimes()
    await keyboard.onLiveTextChange { live in
      if !live.isEmpty { revisions.note(Date().timeIntervalSince1970) }
    }
    await keyboard.appear()
    guard await KeyboardCommand.waitUntil(60, { await keyboard.model.phase == .ready }) else {
      throw CLIError("the bench host did not become ready")
    }
    let cpuBefore = processorSeconds()
    let startedAt = Date().timeIntervalSince1970
    await keyboard.tapStart()
    try await Task.sleep(nanoseconds: UInt64(plan.stopAfter / speed * 1e9))
    let stoppedAt = Date().timeIntervalSince1970
    await keyboard.tapStop()
    let inserted = await KeyboardCommand.waitUntil(max(60, plan.stopAfter)) { await keyboard.insertionCount > 0 }
    let insertedAt = await keyboard.lastInsertionAt
    let cpu = processorSeconds() - cpuBefore
    await keyboard.tapUseRaw()
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
      cpuPerAudioSecond: cpu / plan.stopAfter, rawText: raw)
  }

  /// Sentences spoken one after another with short natural pauses until about `seconds`, ending at the end of a
  /// sentence, then `trailing` seconds of silence before done; with `midWord`, done comes in the middle of the last
  /// sentence instead, while its words are still being said.
  static func plan(seconds: Double, sentences: [[Float]], trailing: Double, midWord: Bool = false) -> Plan {
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
    if midWord {
      let stop = (Double(lastStart) + Double(audio.count - lastStart) * 0.45) / rate
      return Plan(audio: audio, stopAfter: stop, speechOnset: onset)
    }
    return Plan(
      audio: audio + [Float](repeating: 0, count: Int(trailing * rate)), stopAfter: speechEnd + trailing,
      speechOnset: onset)
  }

  /// `sentences` spoken by espeak-ng (150 words a minute), if installed.
  static func synthesize(_ sentences: [String], in directory: URL) -> [[Float]]? {
    var spoken: [[Float]] = []
    for (index, sentence) in sentences.enumerated() {
      let url = directory.appendingPathComponent("sentence-\(index).wav")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["espeak-ng", "-v", "en-us", "-s", "150", "-w", url.path, sentence]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      process.waitUntilExit()
      guard process.terminationStatus == 0, let samples = try? AudioFileDecoder.decode(contentsOf: url).samples
      else { return nil }
      spoken.append(samples)
    }
    return spoken
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
  private var seen: [Double] = []

  func note(_ time: Double) { lock.withLock { seen.append(time) } }
  var times: [Double] { lock.withLock { seen } }
}
