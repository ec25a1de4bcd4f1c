import AVFoundation
import Dictation
import os

/// The `AVAudioSession` for a flow session: applies the plan `AudioRoutePolicy` decided (category options, preferred
/// input, haptics while recording, active or not), keeps the app alive in the background (UIBackgroundModes: audio,
/// with the microphone running), and hands iOS's notifications, raw, to `PhoneAudioEvents`, which decides what they
/// mean. It keeps no state of its own: a call deactivates the session behind the app's back.
@MainActor
final class AudioSessionController {
  var onEvent: ((FlowAudioEvent) -> Void)?

  private let session = AVAudioSession.sharedInstance()
  private var observers: [NSObjectProtocol] = []
  private let log = Logger(subsystem: "app.utter", category: "audio-session")

  init() {
    observe(AVAudioSession.interruptionNotification) { info in
      PhoneAudioEvents.interruption(
        type: info[AVAudioSessionInterruptionTypeKey] as? UInt,
        reason: info[AVAudioSessionInterruptionReasonKey] as? UInt,
        options: info[AVAudioSessionInterruptionOptionKey] as? UInt)
    }
    observe(AVAudioSession.routeChangeNotification) { info in
      PhoneAudioEvents.routeChange(reason: info[AVAudioSessionRouteChangeReasonKey] as? UInt)
    }
    observe(AVAudioSession.mediaServicesWereResetNotification) { _ in .mediaServicesReset }
  }

  /// Hands each `name` notice to `onEvent`, as `read` makes it an event (nil: none of the session's business).
  private func observe(_ name: Notification.Name, read: @escaping @Sendable ([AnyHashable: Any]) -> FlowAudioEvent?) {
    observers.append(
      NotificationCenter.default.addObserver(forName: name, object: session, queue: .main) { [weak self] note in
        let event = read(note.userInfo ?? [:])
        MainActor.assumeIsolated { if let event { self?.onEvent?(event) } }
      })
  }

  var recordPermission: AVAudioApplication.recordPermission { AVAudioApplication.shared.recordPermission }

  func requestRecordPermission() async -> Bool { await AVAudioApplication.requestRecordPermission() }

  var otherAudioPlaying: Bool { session.isOtherAudioPlaying }

  var headset: AudioSituation.Headset {
    let route = session.currentRoute
    return PhoneAudioEvents.headset(ports: (route.outputs + route.inputs).map { Self.ports[$0.portType] ?? .other })
  }

  /// Sets the session as planned; an inactive plan deactivates it and lets paused audio (music) resume.
  func apply(_ plan: AudioSessionPlan) throws {
    guard plan.active else {
      do { try session.setActive(false, options: .notifyOthersOnDeactivation) } catch {
        log.error("deactivate failed: \(error.localizedDescription, privacy: .public)")
      }
      return
    }
    let options = plan.options.reduce(into: AVAudioSession.CategoryOptions()) { $0.insert(Self.options($1)) }
    try session.setCategory(.playAndRecord, mode: .default, options: options)
    try session.setAllowHapticsAndSystemSoundsDuringRecording(plan.allowsHapticsWhileRecording)
    try session.setActive(true)
    let wanted = PhoneAudioEvents.preferredInputs(for: plan.input)
    do {
      try session.setPreferredInput(
        session.availableInputs?.first { wanted.contains(Self.ports[$0.portType] ?? .other) })
    } catch {
      // NB: a preference the hardware refuses leaves the system's choice; the dictation still records.
      log.error("preferred input refused: \(error.localizedDescription, privacy: .public)")
    }
  }

  private static let ports: [AVAudioSession.Port: PhoneAudioEvents.Port] = [
    .bluetoothA2DP: .bluetoothA2DP, .bluetoothHFP: .bluetoothHFP, .bluetoothLE: .bluetoothLE,
    .headphones: .headphones, .headsetMic: .headsetMicrophone, .usbAudio: .usbAudio, .builtInMic: .builtIn,
  ]

  private static func options(_ option: AudioSessionPlan.Option) -> AVAudioSession.CategoryOptions {
    switch option {
    case .mixWithOthers: .mixWithOthers
    case .duckOthers: .duckOthers
    case .allowBluetoothHFP: .allowBluetooth
    case .allowBluetoothA2DP: .allowBluetoothA2DP
    case .defaultToSpeaker: .defaultToSpeaker
    }
  }
}
