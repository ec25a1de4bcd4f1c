import Clocks
import Foundation
import SessionChannel
import SpeechEngine

/// A running capture: its buffers, and a way to stop it that still delivers what was already captured.
public struct AudioCapture: Sendable {
  /// 16 kHz mono buffers; the stream ends after `stop()` once the buffers captured before it are delivered.
  public var buffers: AsyncThrowingStream<[Float], Error>
  public var stop: @Sendable () -> Void

  public init(buffers: AsyncThrowingStream<[Float], Error>, stop: @escaping @Sendable () -> Void) {
    self.buffers = buffers
    self.stop = stop
  }
}

/// A microphone: 16 kHz mono float buffers while capturing.
public protocol AudioSource: Sendable {
  /// Asks for (or checks) permission to record; false when the user refused.
  func requestPermission() async -> Bool
  /// Starts capturing, with the audio from `since` (seconds since 1970: the user's tap) on, as far back as the
  /// microphone keeps it (its pre-roll); from now when nil or older.
  func start(since: Double?) async throws -> AudioCapture
}

extension AudioSource {
  /// Starts capturing from now.
  public func start() async throws -> AudioCapture { try await start(since: nil) }
}

/// A microphone that plays recorded samples in real time (or `speed` times faster), then silence, in buffers paced
/// by the clock. Stands in for the iPhone's microphone on Linux. Asked for audio since the user's tap, it plays as if
/// the speaker began at the tap: a capture that starts later than the pre-roll reaches back has missed what was
/// said before it, as the phone's microphone would (the phone keeps `MicrophoneFanOut.preRollSeconds`).
public struct PlaybackMicrophone: AudioSource {
  public var samples: [Float]
  public var speed: Double
  public var bufferSeconds: Double
  public var clock: UtterClock
  /// Seconds of audio kept from before a capture starts.
  public var preRoll: Double

  public init(
    samples: [Float], speed: Double = 1, bufferSeconds: Double = 0.05, clock: UtterClock = .system,
    preRoll: Double = MicrophoneFanOut.preRollSeconds
  ) {
    self.samples = samples
    self.speed = max(speed, 0.01)
    self.bufferSeconds = min(max(bufferSeconds, 0.01), 0.1)
    self.clock = clock
    self.preRoll = max(0, preRoll)
  }

  public func requestPermission() async -> Bool { true }

  public func start(since tap: Double?) async throws -> AudioCapture {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self)
    let samples = samples
    let clock = clock
    let frame = Int(bufferSeconds * 16_000)
    let interval = bufferSeconds / speed
    // NB: the speaker began at the tap; the pre-roll gives back what was said since then, up to its length, and
    // anything older is lost.
    let now = clock.now()
    let late = tap.map { max(0, now - $0) } ?? 0
    // NB: rounded, not truncated: times since 1970 carry ~1e-7 s of error, and 0.3 s must give 4,800 samples, not 4,799.
    let missed = min(Int((max(0, late - preRoll) * speed * Double(engineSampleRate)).rounded()), samples.count)
    let kept = min(Int((min(late, preRoll) * speed * Double(engineSampleRate)).rounded()), samples.count - missed)
    let task = Task.detached {
      if kept > 0 { continuation.yield(Array(samples[missed..<(missed + kept)])) }
      let start = clock.now()
      var index = missed + kept
      var count = 0
      while !Task.isCancelled {
        count += 1
        do { try await clock.sleep(until: start + Double(count) * interval) } catch { break }
        var buffer = [Float](repeating: 0, count: frame)
        if index < samples.count {
          let end = min(index + frame, samples.count)
          buffer.replaceSubrange(0..<(end - index), with: samples[index..<end])
        }
        index += frame
        continuation.yield(buffer)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return AudioCapture(buffers: stream) {
      task.cancel()
      continuation.finish()
    }
  }
}
