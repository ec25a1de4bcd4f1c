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

/// Runs whole dictations through a host and a keyboard (in one process, over real files) and times stop→inserted.
enum SessionBenchDictation {
  struct Outcome {
    var seconds: Double
    var stopToInserted: Double?
    var words: Int
  }

  static func run(
    audio: [Float], seconds: Double, speed: Double, engine: any SpeechEngine, workDirectory: URL
  ) async throws -> Outcome {
    let directory = workDirectory.appendingPathComponent("dictation-\(Int(seconds))s", isDirectory: true)
    let container = directory.appendingPathComponent("container", isDirectory: true)
    let channel = SessionChannel(container: container)
    try channel.prepare()
    var quiet = Logger(label: "utter.bench") { StreamLogHandler.standardError(label: $0) }
    quiet.logLevel = .error
    let environment = HostEnvironment(
      clock: .system, microphone: PlaybackMicrophone(samples: audio, speed: speed),
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
    await keyboard.appear()
    guard await KeyboardCommand.waitUntil(60, { await keyboard.model.phase == .ready }) else {
      throw CLIError("the bench host did not become ready")
    }
    await keyboard.tapStart()
    try await Task.sleep(nanoseconds: UInt64((seconds / speed + 0.3) * 1e9))
    let stoppedAt = Date().timeIntervalSince1970
    await keyboard.tapStop()
    let inserted = await KeyboardCommand.waitUntil(max(60, seconds)) { await keyboard.insertionCount > 0 }
    let insertedAt = await keyboard.lastInsertionAt
    let text = await keyboard.document.text
    await keyboard.disappear()
    await host.stop()
    _ = try? await hostRun.value
    return Outcome(
      seconds: seconds, stopToInserted: inserted ? insertedAt.map { $0 - stoppedAt } : nil,
      words: text.split(separator: " ").count)
  }

  /// `seconds` of speech: `speech` repeated with 0.8 s pauses, or tone bursts when there is none.
  static func audio(seconds: Double, speech: [Float]?) -> [Float] {
    let total = Int(seconds * 16_000)
    var samples: [Float] = []
    samples.reserveCapacity(total)
    let pause = [Float](repeating: 0, count: 12_800)
    let unit = speech ?? toneBurst()
    while samples.count < total {
      samples += unit
      samples += pause
    }
    return Array(samples.prefix(total))
  }

  static func toneBurst() -> [Float] {
    (0..<16_000).map { index in
      let t = Double(index) / 16_000
      return Float(0.25 * sin(2 * Double.pi * 180 * t) * (0.6 + 0.4 * sin(2 * Double.pi * 3 * t)))
    }
  }

  /// Speech synthesised with espeak-ng, if installed.
  static func synthesizedSpeech(in directory: URL) -> [Float]? {
    let url = directory.appendingPathComponent("speech.wav")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "espeak-ng", "-v", "en-us", "-s", "160", "-w", url.path,
      "The quick brown fox jumps over the lazy dog. We will meet at the station at nine tomorrow morning.",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return try? AudioFileDecoder.decode(contentsOf: url).samples
  }
}
