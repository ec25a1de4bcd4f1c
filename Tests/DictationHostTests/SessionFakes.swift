import DictationHost
import Foundation
import SessionChannel
import SpeechEngine

/// An engine that answers each call with the next scripted text and remembers what it was given.
final class ScriptedEngine: SpeechEngine, @unchecked Sendable {
  let id = "scripted"
  let model = "test"
  private let lock = NSLock()
  private let script: [String]
  private let delay: Double
  private let failing: Bool
  private var calls: [(at: Date, samples: Int, prompt: String?)] = []

  init(_ script: [String], delay: Double = 0, failing: Bool = false) {
    self.script = script
    self.delay = delay
    self.failing = failing
  }

  var callCount: Int { lock.withLock { calls.count } }
  var prompts: [String?] { lock.withLock { calls.map(\.prompt) } }
  var sampleCounts: [Int] { lock.withLock { calls.map(\.samples) } }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let index = lock.withLock {
      calls.append((Date(), samples.count, options.prompt))
      return calls.count - 1
    }
    if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
    if failing { throw SpeechEngineError("scripted failure") }
    let text = script.isEmpty ? "" : script[index % script.count]
    return Transcript(text: text, segments: [], language: "en", engine: id, model: model)
  }
}

/// An archive in memory that can check, at record time, that the result is not yet published.
final class MemoryArchive: DictationArchive, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [ArchivedDictation] = []
  private var deliveredIDs: [String] = []
  private var publishedBeforeRecord: [String] = []
  let channel: SessionChannel?

  init(channel: SessionChannel? = nil) {
    self.channel = channel
  }

  var dictations: [ArchivedDictation] { lock.withLock { entries } }
  var delivered: [String] { lock.withLock { deliveredIDs } }
  var resultsPublishedBeforeHistory: [String] { lock.withLock { publishedBeforeRecord } }

  func record(_ dictation: ArchivedDictation) throws {
    let published = channel?.resultIDs().contains(dictation.id) ?? false
    lock.withLock {
      entries.append(dictation)
      if published { publishedBeforeRecord.append(dictation.id) }
    }
  }

  func markDelivered(id: String) throws {
    lock.withLock { deliveredIDs.append(id) }
  }
}

/// Bursts of a 220 Hz tone (speech stand-ins) separated by silences longer than a pause.
func toneBursts(_ count: Int, burst: Double = 0.6, gap: Double = 0.7, leadIn: Double = 0.2) -> [Float] {
  var samples = [Float](repeating: 0, count: Int(leadIn * 16_000))
  for _ in 0..<count {
    for index in 0..<Int(burst * 16_000) {
      samples.append(0.3 * Float(sin(2 * Double.pi * 220 * Double(index) / 16_000)))
    }
    samples += [Float](repeating: 0, count: Int(gap * 16_000))
  }
  return samples
}

/// A trivial formatter: capitalises, ends with a period, and adds a space after existing text.
let testFormatter: TextFormatter = { raw, field in
  let sentence = raw.prefix(1).uppercased() + raw.dropFirst() + "."
  let needsSpace = !(field.textBeforeCursor.last?.isWhitespace ?? true)
  return FormattedText(
    text: (needsSpace ? " " : "") + sentence, trace: [FormatStep(stage: "test-format", text: sentence)])
}

/// Polls `condition` every 10 ms, up to `timeout / 10 ms` times: counted in polls rather than wall time, so that
/// a machine too loaded to run the host's tasks also stretches the wait.
func eventually(timeout: Double = 5, _ condition: () async -> Bool) async -> Bool {
  for _ in 0..<Int(timeout * 100) {
    if await condition() { return true }
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  return await condition()
}

/// A microphone the test feeds by hand, so that what is "heard" does not depend on timing.
final class ManualMicrophone: AudioSource, @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: AsyncThrowingStream<[Float], Error>.Continuation?

  func requestPermission() async -> Bool { true }

  func start() async throws -> AudioCapture {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self)
    lock.withLock { self.continuation = continuation }
    return AudioCapture(buffers: stream) { continuation.finish() }
  }

  /// Whether a recording is capturing.
  var isCapturing: Bool { lock.withLock { continuation != nil } }

  /// Delivers `samples` in 50 ms buffers.
  func play(_ samples: [Float]) {
    let continuation = lock.withLock { self.continuation }
    var index = 0
    while index < samples.count {
      continuation?.yield(Array(samples[index..<min(index + 800, samples.count)]))
      index += 800
    }
  }
}
