import AudioInput
import Foundation

/// One running microphone shared by whoever listens (each dictation of a flow session): the hardware's buffers,
/// at any rate and channel count, converted once to 16 kHz mono and handed to every listener. Nothing is converted
/// while no one listens: the last `preRollSeconds` of the hardware's samples are only copied aside, in memory, never
/// to disk, so that a dictation can begin at the user's tap even when the request took a moment to arrive. A
/// listener that stops gets the samples still inside the resampling filter, so the last word is kept.
public final class MicrophoneFanOut: @unchecked Sendable {
  /// Seconds of audio kept from before a dictation starts.
  public static let preRollSeconds = 1.0

  /// Samples from the hardware and when the last of them was captured.
  private struct Chunk {
    var samples: [Float]
    var end: Double
    var rate: Int
    var channels: Int
    var seconds: Double { Double(samples.count / max(1, channels)) / Double(max(1, rate)) }
  }

  private let lock = NSLock()
  private var converter: StreamingConverter?
  private var listeners: [UUID: AsyncThrowingStream<[Float], Error>.Continuation] = [:]
  private var preRoll: [Chunk] = []

  public init() {}

  /// Whether anyone listens (the owner may skip work when no one does).
  public var hasListeners: Bool { lock.withLock { !listeners.isEmpty } }

  /// Seconds of audio held for the next listener.
  public var preRollHeld: Double { lock.withLock { preRoll.reduce(0) { $0 + $1.seconds } } }

  /// 16 kHz mono audio from `since` (as far back as the pre-roll reaches; from now when nil) until the capture's
  /// `stop` or `finish(failing:)`, or until the consumer stops iterating.
  public func listen(since: Double? = nil) -> AudioCapture {
    let id = UUID()
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: [Float].self, bufferingPolicy: .bufferingNewest(512))
    continuation.onTermination = { [weak self] _ in
      self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
    }
    let earlier = lock.withLock { () -> [Float] in
      var earlier: [Float] = []
      if listeners.isEmpty {
        // NB: a fresh converter for a new first listener, so stale audio is never joined to new.
        converter = nil
        if let since { earlier = convertPreRoll(since: since) }
        preRoll = []
      }
      listeners[id] = continuation
      return earlier
    }
    if !earlier.isEmpty { continuation.yield(earlier) }
    return AudioCapture(buffers: stream) { [weak self] in self?.stopListening(id) }
  }

  /// Hands the hardware's interleaved `samples`, the last of them captured at `time` (seconds since 1970), to every
  /// listener; with no listener they are only kept as pre-roll.
  public func deliver(_ samples: [Float], sampleRate: Double, channels: Int, at time: Double) {
    let (converted, targets) = lock.withLock { () -> ([Float], [AsyncThrowingStream<[Float], Error>.Continuation]) in
      let rate = Int(sampleRate.rounded())
      guard !listeners.isEmpty else {
        keepAside(Chunk(samples: samples, end: time, rate: rate, channels: channels))
        return ([], [])
      }
      return (convert(samples, rate: rate, channels: channels), Array(listeners.values))
    }
    guard !converted.isEmpty else { return }
    for target in targets { target.yield(converted) }
  }

  private func convert(_ samples: [Float], rate: Int, channels: Int) -> [Float] {
    if converter == nil || converter?.sourceSampleRate != rate || converter?.channels != channels {
      converter = StreamingConverter(sourceSampleRate: rate, channels: channels)
    }
    return converter?.process(samples) ?? []
  }

  /// Keeps `chunk` as pre-roll, dropping what is older than the pre-roll's length or in another format.
  private func keepAside(_ chunk: Chunk) {
    preRoll.removeAll { $0.rate != chunk.rate || $0.channels != chunk.channels }
    preRoll.append(chunk)
    let oldest = chunk.end - Self.preRollSeconds - 0.001
    preRoll.removeAll { $0.end - $0.seconds < oldest }
  }

  /// The pre-roll from `since` on, converted (the converter is fresh).
  private func convertPreRoll(since: Double) -> [Float] {
    var converted: [Float] = []
    for chunk in preRoll where chunk.end > since {
      let start = chunk.end - chunk.seconds
      var samples = chunk.samples
      if start < since {
        let frames = Int(((since - start) * Double(chunk.rate)).rounded())
        samples = Array(samples.dropFirst(min(samples.count, frames * chunk.channels)))
      }
      converted += convert(samples, rate: chunk.rate, channels: chunk.channels)
    }
    return converted
  }

  /// Ends every listener's stream: with `error`, or normally when nil (the microphone stopped for good).
  public func finish(failing error: Error? = nil) {
    let targets = lock.withLock { () -> [AsyncThrowingStream<[Float], Error>.Continuation] in
      defer { listeners = [:] }
      return Array(listeners.values)
    }
    for target in targets { target.finish(throwing: error) }
  }

  /// Forgets the converter (the audio hardware was rebuilt).
  public func reset() {
    lock.withLock {
      converter = nil
      preRoll = []
    }
  }

  private func stopListening(_ id: UUID) {
    let (continuation, tail) = lock.withLock { () -> (AsyncThrowingStream<[Float], Error>.Continuation?, [Float]) in
      guard let continuation = listeners.removeValue(forKey: id) else { return (nil, []) }
      // The last listener gets the samples still inside the resampling filter.
      let tail = listeners.isEmpty ? (converter?.finish() ?? []) : []
      if listeners.isEmpty { converter = nil }
      return (continuation, tail)
    }
    if !tail.isEmpty { continuation?.yield(tail) }
    continuation?.finish()
  }
}
