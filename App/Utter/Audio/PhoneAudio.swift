import AVFoundation
import Dictation
import DictationHost
import Foundation

/// The flow session's audio on iPhone: the `AVAudioSession` and the microphone that runs for the whole session.
@MainActor
final class PhoneAudio: FlowAudio {
  private let session = AudioSessionController()
  private let microphone = FlowMicrophone()

  var onEvent: ((FlowAudioEvent) -> Void)? {
    didSet { session.onEvent = onEvent }
  }

  init() {
    microphone.onEngineStopped = { [weak self] in
      Task { @MainActor in self?.onEvent?(.engineStopped) }
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
  var isRunning: Bool { microphone.isRunning }
  var otherAudioPlaying: Bool { session.otherAudioPlaying }
  var headset: AudioSituation.Headset { session.headset }

  func apply(_ plan: AudioSessionPlan) throws { try session.apply(plan) }

  func ensureRunning() throws {
    if !microphone.isRunning { try microphone.start() }
  }

  func halt() { microphone.halt() }

  func shutDown() {
    microphone.stop()
    try? session.apply(.inactive)
  }

  func rebuild() { microphone.rebuild() }

  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource {
    MicrophoneAudioSource(microphone: microphone, ensureRunning: restart)
  }
}
