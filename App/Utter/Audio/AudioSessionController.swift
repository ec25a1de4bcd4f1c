import AVFoundation
import Dictation
import os

/// The `AVAudioSession` for a flow session: applies the plan `AudioRoutePolicy` decided (category options, preferred
/// input, haptics while recording, active or not), keeps the app alive in the background (UIBackgroundModes: audio,
/// with the microphone running), and reports interruptions, route changes and media-services resets. It keeps no state
/// of its own: a call deactivates the session behind the app's back, so every plan is applied in full.
@MainActor
final class AudioSessionController {
  var onEvent: ((FlowAudioEvent) -> Void)?

  private let session = AVAudioSession.sharedInstance()
  private var observers: [NSObjectProtocol] = []
  private let log = Logger(subsystem: "app.utter", category: "audio-session")

  init() {
    observe()
  }

  /// Current microphone permission.
  var recordPermission: AVAudioApplication.recordPermission {
    AVAudioApplication.shared.recordPermission
  }

  /// Asks for the microphone (iOS 17 API); true when granted.
  func requestRecordPermission() async -> Bool {
    await AVAudioApplication.requestRecordPermission()
  }

  /// Music or a podcast from another app is playing.
  var otherAudioPlaying: Bool { session.isOtherAudioPlaying }

  /// The headset connected now: Bluetooth (AirPods, whatever profile it uses now) or wired.
  var headset: AudioSituation.Headset {
    let ports = session.currentRoute.outputs.map(\.portType) + session.currentRoute.inputs.map(\.portType)
    if ports.contains(where: { [.bluetoothA2DP, .bluetoothHFP, .bluetoothLE].contains($0) }) { return .bluetooth }
    if ports.contains(where: { [.headphones, .headsetMic, .usbAudio].contains($0) }) { return .wired }
    return .none
  }

  /// Sets the session as planned; an inactive plan deactivates it and lets paused audio (music) resume.
  func apply(_ plan: AudioSessionPlan) throws {
    guard plan.active else {
      do {
        try session.setActive(false, options: .notifyOthersOnDeactivation)
      } catch {
        log.error("deactivate failed: \(error.localizedDescription, privacy: .public)")
      }
      return
    }
    var options: AVAudioSession.CategoryOptions = []
    for option in plan.options {
      switch option {
      case .mixWithOthers: options.insert(.mixWithOthers)
      case .duckOthers: options.insert(.duckOthers)
      case .allowBluetoothHFP: options.insert(.allowBluetooth)
      case .allowBluetoothA2DP: options.insert(.allowBluetoothA2DP)
      case .defaultToSpeaker: options.insert(.defaultToSpeaker)
      }
    }
    try session.setCategory(.playAndRecord, mode: .default, options: options)
    try session.setAllowHapticsAndSystemSoundsDuringRecording(plan.allowsHapticsWhileRecording)
    try session.setActive(true)
    let wanted: Set<AVAudioSession.Port> =
      plan.input == .headset ? [.bluetoothHFP, .headsetMic, .usbAudio] : [.builtInMic]
    let port = session.availableInputs?.first { wanted.contains($0.portType) }
    do {
      try session.setPreferredInput(port)
    } catch {
      // NB: a preference the hardware refuses leaves the system's choice; the dictation still records.
      log.error("preferred input refused: \(error.localizedDescription, privacy: .public)")
    }
  }

  private func observe() {
    let center = NotificationCenter.default
    observers.append(
      center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: .main) {
        [weak self] note in
        let info = InterruptionInfo(note)
        MainActor.assumeIsolated { self?.handleInterruption(info) }
      })
    observers.append(
      center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: .main) {
        [weak self] note in
        let reason = (note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt)
          .flatMap(AVAudioSession.RouteChangeReason.init(rawValue:))
        MainActor.assumeIsolated { self?.handleRouteChange(reason) }
      })
    observers.append(
      center.addObserver(
        forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: .main
      ) { [weak self] _ in
        MainActor.assumeIsolated { self?.handleMediaServicesReset() }
      })
  }

  private func handleInterruption(_ info: InterruptionInfo) {
    switch info.type {
    case .began?:
      log.notice("interruption began")
      onEvent?(.interrupted)
    case .ended?:
      log.notice("interruption ended (shouldResume: \(info.shouldResume))")
      onEvent?(.interruptionEnded(shouldResume: info.shouldResume))
    default:
      break
    }
  }

  private func handleRouteChange(_ reason: AVAudioSession.RouteChangeReason?) {
    guard let reason else { return }
    switch reason {
    case .newDeviceAvailable, .oldDeviceUnavailable, .override, .routeConfigurationChange:
      onEvent?(.routeChanged)
    default:
      break
    }
  }

  private func handleMediaServicesReset() {
    log.error("media services were reset")
    onEvent?(.mediaServicesReset)
  }
}

/// The parts of an interruption notification we use, read off the main actor-free notification.
private struct InterruptionInfo: Sendable {
  let type: AVAudioSession.InterruptionType?
  let shouldResume: Bool

  init(_ note: Notification) {
    let info = note.userInfo ?? [:]
    type = (info[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init(rawValue:))
    let options =
      (info[AVAudioSessionInterruptionOptionKey] as? UInt)
      .map(AVAudioSession.InterruptionOptions.init(rawValue:)) ?? []
    shouldResume = options.contains(.shouldResume)
  }
}
