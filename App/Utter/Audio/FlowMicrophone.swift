import AVFoundation
import AudioInput
import DictationHost
import Foundation

/// The microphone for a whole flow session. The engine runs from the session's start to its end (that is what
/// keeps the app alive in the background); dictations subscribe to its 16 kHz audio and unsubscribe when done.
final class FlowMicrophone: @unchecked Sendable {
  /// Called (on the main queue) when the engine stopped by itself and must be restarted by the owner.
  var onEngineStopped: (@Sendable () -> Void)? {
    get { capture.onEngineStopped }
    set { capture.onEngineStopped = newValue }
  }

  private let capture = MicrophoneCapture()
  private let lock = NSLock()
  private var converter: StreamingConverter?
  private var subscribers: [UUID: AsyncThrowingStream<[Float], Error>.Continuation] = [:]

  init() {
    capture.onSamples = { [weak self] samples, rate, channels in
      self?.deliver(samples, sampleRate: rate, channels: channels)
    }
  }

  var isRunning: Bool { capture.isRunning }

  /// Starts the engine (the audio session must be active).
  func start() throws { try capture.start() }

  /// Stops the engine for an interruption; subscribers stay and receive audio again after `start()`.
  func halt() { capture.stop() }

  /// Stops the engine at the end of the session; current subscribers end with `error`, or normally when nil.
  func stop(failing error: Error? = nil) {
    capture.stop()
    finishSubscribers(error)
  }

  /// Builds a new engine after the media services reset.
  func rebuild() {
    capture.rebuild()
    lock.withLock { converter = nil }
  }

  /// 16 kHz mono audio from now until `stop` (which still delivers what was captured, including the
  /// resampler's tail) or until the consumer stops iterating.
  func subscribe() throws -> AudioCapture {
    guard capture.isRunning else { throw MicrophoneError.noInput }
    let id = UUID()
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: [Float].self, bufferingPolicy: .bufferingNewest(512))
    continuation.onTermination = { [weak self] _ in
      self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: id) }
    }
    lock.withLock {
      // NB: the converter only runs while someone listens; a fresh one avoids joining stale audio.
      if subscribers.isEmpty { converter = nil }
      subscribers[id] = continuation
    }
    return AudioCapture(buffers: stream) { [weak self] in self?.unsubscribe(id) }
  }

  private func unsubscribe(_ id: UUID) {
    let (continuation, tail) = lock.withLock { () -> (AsyncThrowingStream<[Float], Error>.Continuation?, [Float]) in
      guard let continuation = subscribers.removeValue(forKey: id) else { return (nil, []) }
      // The last listener gets the samples still inside the resampling filter.
      let tail = subscribers.isEmpty ? (converter?.finish() ?? []) : []
      if subscribers.isEmpty { converter = nil }
      return (continuation, tail)
    }
    if !tail.isEmpty { continuation?.yield(tail) }
    continuation?.finish()
  }

  private func deliver(_ samples: [Float], sampleRate: Double, channels: Int) {
    lock.lock()
    guard !subscribers.isEmpty else {
      lock.unlock()
      return
    }
    let rate = Int(sampleRate.rounded())
    if converter == nil || converter?.sourceSampleRate != rate || converter?.channels != channels {
      converter = StreamingConverter(sourceSampleRate: rate, channels: channels)
    }
    let converted = converter?.process(samples) ?? []
    let targets = Array(subscribers.values)
    lock.unlock()
    guard !converted.isEmpty else { return }
    for target in targets { target.yield(converted) }
  }

  private func finishSubscribers(_ error: Error?) {
    let targets = lock.withLock { () -> [AsyncThrowingStream<[Float], Error>.Continuation] in
      let all = Array(subscribers.values)
      subscribers = [:]
      return all
    }
    for target in targets { target.finish(throwing: error) }
  }
}

/// DictationHost's `AudioSource` on iPhone: permission through AVAudioApplication, audio from the session's
/// running microphone. `ensureRunning` restarts the audio session and engine when an interruption (a call)
/// left them stopped, so the first dictation after a call works.
struct MicrophoneAudioSource: AudioSource {
  let microphone: FlowMicrophone
  let ensureRunning: @Sendable () async throws -> Void

  func requestPermission() async -> Bool {
    await AVAudioApplication.requestRecordPermission()
  }

  func start() async throws -> AudioCapture {
    if !microphone.isRunning { try await ensureRunning() }
    return try microphone.subscribe()
  }
}
