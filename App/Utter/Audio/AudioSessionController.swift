import AVFoundation
import Dictation
import os

/// Owns the `AVAudioSession` for a flow session: configures it for recording alongside other audio, keeps it
/// alive in the background (UIBackgroundModes: audio, with the microphone running), and reports interruptions,
/// route changes and media-services resets so the owner can restart the microphone.
@MainActor
final class AudioSessionController {
  var onEvent: ((FlowAudioEvent) -> Void)?
  private(set) var isActive = false
  /// Whether other audio (music, podcasts) is lowered while the user speaks.
  var ducksOthersWhileRecording = true

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

  /// Configures and activates the session for standby: recording allowed, other audio keeps playing.
  func activate() throws {
    try configure(recording: false)
    try session.setActive(true)
    isActive = true
  }

  /// Switches between standby (mix with others) and recording (duck others) without deactivating.
  func setRecording(_ recording: Bool) {
    guard isActive else { return }
    do {
      try configure(recording: recording)
    } catch {
      log.error("category change failed: \(error.localizedDescription, privacy: .public)")
    }
  }

  /// Deactivates the session and lets paused audio (music) resume.
  func deactivate() {
    guard isActive else { return }
    isActive = false
    do {
      try session.setActive(false, options: .notifyOthersOnDeactivation)
    } catch {
      log.error("deactivate failed: \(error.localizedDescription, privacy: .public)")
    }
  }

  private func configure(recording: Bool) throws {
    var options: AVAudioSession.CategoryOptions = [.allowBluetooth, .defaultToSpeaker]
    // NB: ducking (not muting) only while speaking; in standby the session mixes so music plays at full volume.
    options.insert(recording && ducksOthersWhileRecording ? .duckOthers : .mixWithOthers)
    try session.setCategory(.playAndRecord, mode: .default, options: options)
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
    case .began:
      log.notice("interruption began (suspended: \(info.wasSuspended))")
      // NB: an app suspended by the system gets a late "began"; treat it as an interruption all the same.
      onEvent?(.interrupted)
    case .ended:
      log.notice("interruption ended (shouldResume: \(info.shouldResume))")
      onEvent?(.interruptionEnded(shouldResume: info.shouldResume))
    case nil:
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
    isActive = false
    onEvent?(.mediaServicesReset)
  }
}

/// The parts of an interruption notification we use, read off the main actor-free notification.
private struct InterruptionInfo: Sendable {
  let type: AVAudioSession.InterruptionType?
  let shouldResume: Bool
  let wasSuspended: Bool

  init(_ note: Notification) {
    let info = note.userInfo ?? [:]
    type = (info[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init(rawValue:))
    let options =
      (info[AVAudioSessionInterruptionOptionKey] as? UInt)
      .map(AVAudioSession.InterruptionOptions.init(rawValue:)) ?? []
    shouldResume = options.contains(.shouldResume)
    let reason = (info[AVAudioSessionInterruptionReasonKey] as? UInt)
      .flatMap(AVAudioSession.InterruptionReason.init(rawValue:))
    wasSuspended = reason == .appWasSuspended
  }
}
