import AVFoundation
import AudioInput
import DictationHost
import Foundation

/// The microphone for a whole flow session. The engine runs from the session's start to its end (that is what
/// keeps the app alive in the background); each dictation listens to its 16 kHz audio through the fan-out.
final class FlowMicrophone: @unchecked Sendable {
  /// Called (on the main queue) when the engine stopped by itself and must be restarted by the owner.
  var onEngineStopped: (@Sendable () -> Void)? {
    get { capture.onEngineStopped }
    set { capture.onEngineStopped = newValue }
  }

  private let capture = MicrophoneCapture()
  private let fanOut = MicrophoneFanOut()

  init() {
    capture.onSamples = { [fanOut] samples, rate, channels in
      fanOut.deliver(samples, sampleRate: rate, channels: channels, at: Date().timeIntervalSince1970)
    }
  }

  var isRunning: Bool { capture.isRunning }

  /// Starts the engine (the audio session must be active).
  func start() throws { try capture.start() }

  /// Stops the engine for an interruption; listeners stay and receive audio again after `start()`.
  func halt() { capture.stop() }

  /// Stops the engine at the end of the session; current listeners end with `error`, or normally when nil.
  func stop(failing error: Error? = nil) {
    capture.stop()
    fanOut.finish(failing: error)
  }

  /// Builds a new engine after the media services reset.
  func rebuild() {
    capture.rebuild()
    fanOut.reset()
  }

  /// 16 kHz mono audio from `since` (the tap, within the pre-roll) until the capture's `stop` (which still delivers
  /// the resampler's tail).
  func subscribe(since: Double?) throws -> AudioCapture {
    guard capture.isRunning else { throw MicrophoneError.noInput }
    return fanOut.listen(since: since)
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

  func start(since tap: Double?) async throws -> AudioCapture {
    if !microphone.isRunning { try await ensureRunning() }
    return try microphone.subscribe(since: tap)
  }
}
