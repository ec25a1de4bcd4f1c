import AVFoundation
import Dictation
import DictationHost
import Foundation
import PhoneRules
import UIKit

/// The flow session's audio on iPhone: the `AVAudioSession`, the microphone that runs from the session's start to its
/// end (that keeps the app alive in the background; each dictation listens to its 16 kHz audio through the fan-out),
/// and whether the app is on screen (iOS starts a microphone only then).
@MainActor
final class PhoneAudio: FlowAudio {
  private let session = AudioSessionController()
  private let capture = MicrophoneCapture()
  private let fanOut = MicrophoneFanOut()
  private var sceneObservers: [NSObjectProtocol] = []

  var onEvent: ((FlowAudioEvent) -> Void)? {
    didSet { session.onEvent = onEvent }
  }

  init() {
    capture.onSamples = { [fanOut] samples, rate, channels in
      fanOut.deliver(samples, sampleRate: rate, channels: channels, at: Date().timeIntervalSince1970)
    }
    capture.onEngineStopped = { [weak self] in
      Task { @MainActor in self?.onEvent?(.engineStopped) }
    }
    let scenes: [(Notification.Name, AppScene)] = [
      (UIApplication.didEnterBackgroundNotification, .background),
      (UIApplication.didBecomeActiveNotification, .foreground),
    ]
    for (name, scene) in scenes {
      sceneObservers.append(
        NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { [weak self] _ in
          MainActor.assumeIsolated { self?.onEvent?(.sceneChanged(scene)) }
        })
    }
  }

  var permissionGranted: Bool? {
    switch session.recordPermission {
    case .granted: true
    case .denied: false
    default: nil
    }
  }

  func requestPermission() async -> Bool { await session.requestRecordPermission() }
  var isRunning: Bool { capture.isRunning }
  var otherAudioPlaying: Bool { session.otherAudioPlaying }
  var headset: AudioSituation.Headset { session.headset }
  var scene: AppScene { UIApplication.shared.applicationState == .background ? .background : .foreground }

  func apply(_ plan: AudioSessionPlan) throws { try session.apply(plan) }

  func ensureRunning() throws { try capture.start() }

  /// Stops the engine; the fan-out's listeners stay and hear again once it runs.
  func halt() { capture.stop() }

  func shutDown() {
    capture.stop()
    fanOut.finish(failing: nil)
    try? session.apply(.inactive)
  }

  func rebuild() {
    capture.rebuild()
    fanOut.reset()
  }

  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource {
    MicrophoneAudioSource(capture: capture, fanOut: fanOut, ensureRunning: restart)
  }
}

/// DictationHost's `AudioSource` on iPhone: 16 kHz audio from the session's running microphone, from the tap (within
/// the pre-roll); `ensureRunning` brings the hardware back when a call left it stopped.
struct MicrophoneAudioSource: AudioSource {
  let capture: MicrophoneCapture
  let fanOut: MicrophoneFanOut
  let ensureRunning: @Sendable () async throws -> Void

  func requestPermission() async -> Bool { await AVAudioApplication.requestRecordPermission() }

  func start(since tap: Double?) async throws -> AudioCapture {
    if !capture.isRunning { try await ensureRunning() }
    guard capture.isRunning else { throw MicrophoneError.noInput }
    return fanOut.listen(since: tap)
  }
}
