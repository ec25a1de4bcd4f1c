import AVFoundation
import DictationHost
import Foundation
import PhoneRules
import PhoneSession
import UIKit
import os

/// The flow session's audio on iPhone: applies the `AudioSessionPlan` `AudioRoutePolicy` decided to the
/// `AVAudioSession` (category options, preferred input, haptics while recording, active or not), runs the microphone
/// from the session's start to its end (UIBackgroundModes: audio keeps the app alive while it runs; each dictation
/// listens to its 16 kHz audio through the fan-out), and hands iOS's notices, raw, to `PhoneAudioEvents`, which
/// decides what they mean. It keeps no state of its own: a call deactivates the session behind the app's back.
@MainActor
final class PhoneAudio: FlowAudio {
  var onEvent: ((FlowAudioEvent) -> Void)?
  private let session = AVAudioSession.sharedInstance()
  private let capture = MicrophoneCapture()
  private let fanOut = MicrophoneFanOut()
  private var observers: [NSObjectProtocol] = []
  private let log = Logger(subsystem: "app.utter", category: "audio-session")

  init() {
    capture.onSamples = { [fanOut] samples, rate, channels in
      fanOut.deliver(samples, sampleRate: rate, channels: channels, at: Date().timeIntervalSince1970)
    }
    capture.onEngineStopped = { [weak self] in Task { @MainActor in self?.onEvent?(.engineStopped) } }
    observe(AVAudioSession.interruptionNotification, from: session) { info in
      PhoneAudioEvents.interruption(
        type: info[AVAudioSessionInterruptionTypeKey] as? UInt,
        reason: info[AVAudioSessionInterruptionReasonKey] as? UInt,
        options: info[AVAudioSessionInterruptionOptionKey] as? UInt)
    }
    observe(AVAudioSession.routeChangeNotification, from: session) { info in
      PhoneAudioEvents.routeChange(reason: info[AVAudioSessionRouteChangeReasonKey] as? UInt)
    }
    observe(AVAudioSession.mediaServicesWereResetNotification, from: session) { _ in .mediaServicesReset }
    observe(UIApplication.didEnterBackgroundNotification) { _ in .sceneChanged(.background) }
    observe(UIApplication.didBecomeActiveNotification) { _ in .sceneChanged(.foreground) }
  }

  /// Hands each `name` notice to `onEvent`, as `read` makes it an event (nil: none of the session's business).
  private func observe(
    _ name: Notification.Name, from object: AnyObject? = nil,
    read: @escaping @Sendable ([AnyHashable: Any]) -> FlowAudioEvent?
  ) {
    observers.append(
      NotificationCenter.default.addObserver(forName: name, object: object, queue: .main) { [weak self] note in
        let event = read(note.userInfo ?? [:])
        MainActor.assumeIsolated { if let event { self?.onEvent?(event) } }
      })
  }

  var permissionGranted: Bool? {
    let permission = AVAudioApplication.shared.recordPermission
    return permission == .undetermined ? nil : permission == .granted  // glue: AVAudioApplication's three states
  }

  func requestPermission() async -> Bool { await AVAudioApplication.requestRecordPermission() }
  var isRunning: Bool { capture.isRunning }
  var otherAudioPlaying: Bool { session.isOtherAudioPlaying }
  // glue: UIKit's application state, as the module's scene (inactive counts as on screen).
  var scene: AppScene { UIApplication.shared.applicationState == .background ? .background : .foreground }

  var headset: AudioSituation.Headset {
    let route = session.currentRoute
    return PhoneAudioEvents.headset(ports: (route.outputs + route.inputs).map { Self.ports[$0.portType] ?? .other })
  }
  var inputName: String? { session.currentRoute.inputs.first?.portName }

  /// Sets the session as planned; an inactive plan deactivates it and lets paused audio (music) resume.
  func apply(_ plan: AudioSessionPlan) throws {
    guard plan.active else {  // rule: PhoneSession.AudioRoutePolicy
      do { try session.setActive(false, options: .notifyOthersOnDeactivation) } catch {
        log.error("deactivate failed: \(error.localizedDescription, privacy: .public)")
      }
      return
    }
    let options = plan.options.reduce(into: AVAudioSession.CategoryOptions()) { $0.insert(Self.option($1)) }
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

  func ensureRunning() throws { try capture.start() }

  /// Stops the engine; the fan-out's listeners stay and hear again once it runs.
  func halt() { capture.stop() }

  func shutDown() {
    capture.stop()
    fanOut.finish(failing: nil)
    try? apply(.inactive)
  }

  func rebuild() {
    capture.rebuild()
    fanOut.reset()
  }

  /// 16 kHz audio from the session's running microphone, from the tap (within the pre-roll).
  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource {
    SessionMicrophone(
      isRunning: { [capture] in capture.isRunning }, restart: restart,
      permission: { await AVAudioApplication.requestRecordPermission() },
      listen: { [fanOut] in fanOut.listen(since: $0) })
  }

  private static let ports: [AVAudioSession.Port: PhoneAudioEvents.Port] = [
    .bluetoothA2DP: .bluetoothA2DP, .bluetoothHFP: .bluetoothHFP, .bluetoothLE: .bluetoothLE,
    .headphones: .headphones, .headsetMic: .headsetMicrophone, .usbAudio: .usbAudio, .builtInMic: .builtIn,
  ]

  private static func option(_ option: AudioSessionPlan.Option) -> AVAudioSession.CategoryOptions {
    switch option {  // glue: the plan's options as AVAudioSession's
    case .mixWithOthers: .mixWithOthers
    case .duckOthers: .duckOthers
    case .allowBluetoothHFP: .allowBluetoothHFP
    case .allowBluetoothA2DP: .allowBluetoothA2DP
    case .defaultToSpeaker: .defaultToSpeaker
    }
  }
}
