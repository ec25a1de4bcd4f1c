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
  /// Starts capturing.
  func start() async throws -> AudioCapture
}

/// A microphone that plays recorded samples in real time (or `speed` times faster), then silence, in buffers paced
/// by the clock. Stands in for the iPhone's microphone on Linux. The speaker starts at `speakerStartedAt` (the
/// keyboard's tap) when given: a capture that starts later has missed what was said before it, as a real microphone
/// would; otherwise the samples play from the moment capture starts.
public struct PlaybackMicrophone: AudioSource {
  public var samples: [Float]
  public var speed: Double
  public var bufferSeconds: Double
  public var clock: UtterClock
  /// When the speaker began the recording's speech (the tap), if known.
  public var speakerStartedAt: (@Sendable () -> Double?)?

  public init(
    samples: [Float], speed: Double = 1, bufferSeconds: Double = 0.05, clock: UtterClock = .system,
    speakerStartedAt: (@Sendable () -> Double?)? = nil
  ) {
    self.samples = samples
    self.speed = max(speed, 0.01)
    self.bufferSeconds = min(max(bufferSeconds, 0.01), 0.1)
    self.clock = clock
    self.speakerStartedAt = speakerStartedAt
  }

  public func requestPermission() async -> Bool { true }

  public func start() async throws -> AudioCapture {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self)
    let samples = samples
    let clock = clock
    let frame = Int(bufferSeconds * 16_000)
    let interval = bufferSeconds / speed
    // NB: what the speaker said between the tap and this capture is lost, as it would be on a phone.
    let late = speakerStartedAt?().map { max(0, clock.now() - $0) } ?? 0
    let missed = min(Int(late * speed * Double(engineSampleRate)), samples.count)
    let task = Task.detached {
      let start = clock.now()
      var index = missed
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

/// Loudness of a buffer in dBFS (full scale = 0), floored at -160.
func rmsLevel(_ samples: [Float]) -> Double {
  guard !samples.isEmpty else { return -160 }
  var sum: Double = 0
  for sample in samples { sum += Double(sample) * Double(sample) }
  let rms = (sum / Double(samples.count)).squareRoot()
  return rms > 0 ? max(-160, 20 * log10(rms)) : -160
}
