import AudioInput
import Foundation

/// One running microphone shared by whoever listens (each dictation of a flow session): the hardware's buffers,
/// at any rate and channel count, converted once to 16 kHz mono and handed to every listener. Nothing is converted
/// while no one listens; a listener that stops gets the samples still inside the resampling filter, so the last
/// word is kept.
public final class MicrophoneFanOut: @unchecked Sendable {
  private let lock = NSLock()
  private var converter: StreamingConverter?
  private var listeners: [UUID: AsyncThrowingStream<[Float], Error>.Continuation] = [:]

  public init() {}

  /// Whether anyone listens (the owner may skip work when no one does).
  public var hasListeners: Bool { lock.withLock { !listeners.isEmpty } }

  /// 16 kHz mono audio from now until the capture's `stop` or `finish(failing:)`, or until the consumer stops
  /// iterating.
  public func listen() -> AudioCapture {
    let id = UUID()
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self, bufferingPolicy: .bufferingNewest(512))
    continuation.onTermination = { [weak self] _ in
      self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
    }
    lock.withLock {
      // NB: a fresh converter for a new first listener, so stale audio is never joined to new.
      if listeners.isEmpty { converter = nil }
      listeners[id] = continuation
    }
    return AudioCapture(buffers: stream) { [weak self] in self?.stopListening(id) }
  }

  /// Hands the hardware's interleaved `samples` to every listener.
  public func deliver(_ samples: [Float], sampleRate: Double, channels: Int) {
    let (converted, targets) = lock.withLock { () -> ([Float], [AsyncThrowingStream<[Float], Error>.Continuation]) in
      guard !listeners.isEmpty else { return ([], []) }
      let rate = Int(sampleRate.rounded())
      if converter == nil || converter?.sourceSampleRate != rate || converter?.channels != channels {
        converter = StreamingConverter(sourceSampleRate: rate, channels: channels)
      }
      return (converter?.process(samples) ?? [], Array(listeners.values))
    }
    guard !converted.isEmpty else { return }
    for target in targets { target.yield(converted) }
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
    lock.withLock { converter = nil }
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
