import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading
import TestSupport

/// An engine that answers each call with the next scripted text and remembers what it was given; with a gate, no
/// call answers before the test opens it (a slow engine, as slow as the test needs).
public final class ScriptedEngine: SpeechEngine, @unchecked Sendable {
  public let id = "scripted"
  public let model = "test"
  private let lock = NSLock()
  private let script: [String]
  private let gate: Gate?
  private let failing: Bool
  private let noSpeechProbability: Double?
  private var calls: [(samples: Int, prompt: String?, vocabulary: [String], language: String?)] = []

  /// `noSpeechProbability` set: each answer comes as one segment with that probability, as Whisper reports.
  /// `answersAfter` set: each call waits at that gate (the call is counted as soon as it is made).
  public init(
    _ script: [String], answersAfter gate: Gate? = nil, failing: Bool = false, noSpeechProbability: Double? = nil
  ) {
    self.script = script
    self.gate = gate
    self.failing = failing
    self.noSpeechProbability = noSpeechProbability
  }

  public var callCount: Int { lock.withLock { calls.count } }
  public var prompts: [String?] { lock.withLock { calls.map(\.prompt) } }
  public var sampleCounts: [Int] { lock.withLock { calls.map(\.samples) } }
  /// The language each call was asked to read in.
  public var languages: [String?] { lock.withLock { calls.map(\.language) } }
  /// The vocabulary hint of each call.
  public var vocabularies: [[String]] { lock.withLock { calls.map(\.vocabulary) } }

  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let index = lock.withLock {
      calls.append((samples.count, options.prompt, options.vocabulary, options.language))
      return calls.count - 1
    }
    if let gate {
      await gate.wait()
      try Task.checkCancellation()
    }
    if failing { throw SpeechEngineError("scripted failure") }
    let text = script.isEmpty ? "" : script[index % script.count]
    let segments = noSpeechProbability.map { probability in
      [
        TranscriptSegment(
          text: text, start: 0, end: Double(samples.count) / 16_000, confidence: 0.9,
          noSpeechProbability: probability)
      ]
    }
    return Transcript(text: text, segments: segments ?? [], language: "en", engine: id, model: model)
  }
}

/// An archive in memory that can check, at record time, that the result is not yet published.
public final class MemoryArchive: DictationArchive, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [HistoryEntry] = []
  private var deliveredIDs: [String] = []
  private var publishedBeforeRecord: [String] = []
  public let channel: SessionChannel?
  private var audioByID: [String: [Float]] = [:]

  private var failure: String?

  public init(channel: SessionChannel? = nil) {
    self.channel = channel
  }

  /// Makes every `record` fail with `message` (a full disk), or succeed again with nil.
  public func fail(with message: String?) { lock.withLock { failure = message } }

  /// Whether history keeps audio (the keep-audio setting): without it, an entry comes back with no audio file.
  public func keepAudio(_ keep: Bool) { lock.withLock { keepsAudio = keep } }
  private var keepsAudio = true

  public var dictations: [HistoryEntry] { lock.withLock { entries } }
  public var delivered: [String] { lock.withLock { deliveredIDs } }
  public var resultsPublishedBeforeHistory: [String] { lock.withLock { publishedBeforeRecord } }
  /// The audio recorded with each dictation, by id.
  public var audio: [String: [Float]] { lock.withLock { audioByID } }

  @discardableResult
  public func record(_ dictation: HistoryEntry, audio: [Float]) throws -> HistoryEntry? {
    if let failure = lock.withLock({ failure }) { throw MemoryArchiveError(message: failure) }
    let published = channel?.resultIDs().contains(dictation.uuid) ?? false
    // NB: as history does, the entry comes back naming its audio's file.
    var kept = dictation
    kept.audioPath = audio.isEmpty || !lock.withLock({ keepsAudio }) ? nil : "\(dictation.uuid).wav"
    lock.withLock {
      entries.append(dictation)
      audioByID[dictation.uuid] = audio
      if published { publishedBeforeRecord.append(dictation.uuid) }
    }
    return kept
  }

  public func contains(id: String) -> Bool {
    lock.withLock { entries.contains { $0.uuid == id } }
  }

  public func markCancelled(id: String) throws {
    lock.withLock {
      if let index = entries.lastIndex(where: { $0.uuid == id }) { entries[index].status = .cancelled }
    }
  }

  public func markDelivered(id: String) throws {
    lock.withLock { deliveredIDs.append(id) }
  }
}

struct MemoryArchiveError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Bursts of a 220 Hz tone (speech stand-ins) separated by silences longer than a pause.
public func toneBursts(_ count: Int, burst: Double = 0.6, gap: Double = 0.7, leadIn: Double = 0.2) -> [Float] {
  var samples = [Float](repeating: 0, count: Int(leadIn * 16_000))
  for _ in 0..<count {
    for index in 0..<Int(burst * 16_000) {
      samples.append(0.3 * Float(sin(2 * Double.pi * 220 * Double(index) / 16_000)))
    }
    samples += [Float](repeating: 0, count: Int(gap * 16_000))
  }
  return samples
}

/// A trivial clean-up: capitalises, ends with a period, and adds a space after existing text.
public func testFormat(_ raw: String, field: FieldContext) -> FormattedText {
  let sentence = raw.prefix(1).uppercased() + raw.dropFirst() + "."
  let needsSpace = !(field.textBeforeCursor.last?.isWhitespace ?? true)
  return FormattedText(
    text: (needsSpace ? " " : "") + sentence, trace: [TraceStep(stage: "test-format", text: sentence)])
}

/// The host's finishing step as the pipeline's does it (`DictationPipeline.finish`), with `testFormat` for the
/// clean-up: the words formatted for the field, the learned forms traced, the entry kept in `archive`, and history's
/// failure reported, never thrown.
public func testFinishing(archive: any DictationArchive) -> DictationFinishing {
  { reading in
    let raw = reading.transcript.text.trimmingCharacters(in: .whitespacesAndNewlines)
    var formatted = testFormat(raw, field: reading.field.read(in: reading.transcript.language))
    formatted.traceLearned(reading.transcript.learned, raw: raw)
    var finished = FinishedDictation(
      entry: HistoryEntry(
        uuid: reading.id, rawText: raw, finalText: formatted.text, trace: formatted.trace,
        engine: reading.transcript.engine, model: reading.transcript.model, language: reading.transcript.language ?? "",
        audioSeconds: Double(reading.audio.count) / Double(engineSampleRate), origin: reading.origin,
        field: reading.field, status: reading.recovered ? .recovered : .complete, createdAt: reading.startedAt),
      notice: formatted.notice)
    do {
      try archive.record(finished.entry, audio: reading.audio)
    } catch {
      finished.archiveError = error
    }
    return finished
  }
}

/// A notifier that signals nothing to the side it serves (delivery relies on its poll, as with `SilentNotifier`)
/// but lets a test follow every file that side says it has just written.
public final class PostedChanges: ChangeNotifier, @unchecked Sendable {
  private let lock = NSLock()
  private var followers: [AsyncStream<String>.Continuation] = []

  public init() {}

  public func post(_ name: String) {
    for follower in lock.withLock({ followers }) { follower.yield(name) }
  }

  public func changes() -> AsyncStream<String> { AsyncStream { _ in } }

  /// The names of the files posted from now on, in order, none dropped.
  public func posts() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    lock.withLock { followers.append(continuation) }
    return stream
  }
}

/// A microphone the test feeds by hand, so that what is "heard" does not depend on timing.
public final class ManualMicrophone: AudioSource, @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: AsyncThrowingStream<[Float], Error>.Continuation?
  private var captures = 0

  public init() {}

  public func requestPermission() async -> Bool { true }

  /// Buffers a recording may hold before the host takes them (far more than any test plays).
  static let bufferLimit = 100_000

  public func start(since tap: Double?) async throws -> AudioCapture {
    // NB: a bounded buffer, so that a probe's `remaining` count tells how many buffers the host has not taken.
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: [Float].self, bufferingPolicy: .bufferingOldest(Self.bufferLimit))
    lock.withLock {
      self.continuation = continuation
      captures += 1
    }
    return AudioCapture(buffers: stream) { continuation.finish() }
  }

  /// How many captures the host has started.
  public var captureCount: Int { lock.withLock { captures } }

  /// Waits until the host has taken and handled every buffer played so far. Waits for an event, not for time.
  public func waitUntilTaken() async -> Bool {
    // NB: once an empty probe is at most the only buffer queued, every buffer before it has been taken, but the
    // last of them may still be on its way to the host. A second such probe shows the first one was taken, which
    // the host's loop does only after it has handled the buffer before.
    for _ in 0..<2 {
      let drained = await eventually {
        guard let continuation = lock.withLock({ self.continuation }) else { return true }
        if case .enqueued(let remaining) = continuation.yield([]) { return remaining >= Self.bufferLimit - 1 }
        return true
      }
      guard drained else { return false }
    }
    return true
  }

  /// Whether a recording is capturing.
  public var isCapturing: Bool { lock.withLock { continuation != nil } }

  /// Delivers `samples` in 50 ms buffers.
  public func play(_ samples: [Float]) {
    let continuation = lock.withLock { self.continuation }
    var index = 0
    while index < samples.count {
      continuation?.yield(Array(samples[index..<min(index + 800, samples.count)]))
      index += 800
    }
  }
}

/// An engine whose reading names exactly the audio it was given ("heard 12345 samples"; a draft says "drafted"),
/// so that two readings agree only when their audio is the same length.
public final class SampleCountEngine: SpeechEngine, @unchecked Sendable {
  public let id = "sample-count"
  public let model = "test"
  private let lock = NSLock()
  private var calls: [(samples: Int, draft: Bool)] = []

  public init() {}

  /// Lengths of the full-quality readings asked for, in order.
  public var readings: [Int] { lock.withLock { calls.filter { !$0.draft }.map(\.samples) } }
  public var draftCount: Int { lock.withLock { calls.filter(\.draft).count } }
  public var callCount: Int { lock.withLock { calls.count } }

  /// The word a burst of tone `samples` long is heard as.
  public static func word(forBurstOf samples: Int) -> String { "heard\(samples)" }

  /// One word per burst of tone, timed where the burst lies (so a burst read again as context is recognised), or
  /// "drafted N samples" for a draft.
  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    lock.withLock { calls.append((samples.count, options.draft)) }
    if options.draft {
      return Transcript(
        text: "drafted \(samples.count) samples", segments: [], language: "en", engine: id, model: model)
    }
    let words = Self.bursts(in: samples).map {
      TranscriptWord(
        text: Self.word(forBurstOf: $0.count), start: Double($0.lowerBound) / 16_000,
        end: Double($0.upperBound) / 16_000, confidence: 1)
    }
    guard let first = words.first, let last = words.last else {
      return .empty(engine: id, model: model, language: "en")
    }
    let text = words.map(\.text).joined(separator: " ")
    return Transcript(
      text: text,
      segments: [TranscriptSegment(text: text, start: first.start, end: last.end, confidence: 1, words: words)],
      language: "en", engine: id, model: model)
  }

  /// Runs of loud samples, joined across the zero crossings of a tone.
  static func bursts(in samples: [Float]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for (index, sample) in samples.enumerated() where abs(sample) > 0.05 {
      if let last = runs.last, index - last.upperBound < 200 {
        runs[runs.count - 1] = last.lowerBound..<(index + 1)
      } else {
        runs.append(index..<(index + 1))
      }
    }
    return runs
  }
}
