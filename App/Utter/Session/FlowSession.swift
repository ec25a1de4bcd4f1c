import Dictation
import DictationHost
import Foundation
import Observation
import SessionChannel
import os

/// The flow session: the audio session and microphone held for the keyboard, the dictation host serving it,
/// and the Live Activity showing it. Opened from the activation screen, an intent or the home screen; ends on
/// expiry, from the keyboard, the Live Activity, or here.
@MainActor
@Observable
final class FlowSession {
  enum Status: Equatable {
    case off
    case starting
    case on
    case failed(String)
  }

  private(set) var status: Status = .off
  /// The host's phase as published to the keyboard.
  private(set) var phase: HostPhase = .inactive
  private(set) var waitingOn: [HostPrecondition] = []
  private(set) var expiresAt: Date?
  private(set) var wordsThisSession = 0

  var isOn: Bool { status == .on || status == .starting }

  private let audio = AudioSessionController()
  private let microphone = FlowMicrophone()
  private let activity = SessionActivityController()
  @ObservationIgnored private var host: DictationHost?
  @ObservationIgnored private var runTask: Task<Void, Never>?
  @ObservationIgnored private var stateTask: Task<Void, Never>?
  @ObservationIgnored private var lastStateSeq = -1
  @ObservationIgnored private var lastResultID: String?
  /// The Live Activity's end time when the session never expires (fixed, so updates stay rare).
  @ObservationIgnored private var openEndedUntil = Date()
  @ObservationIgnored var feedback = DictationFeedback(haptics: true, sounds: true)
  private let log = Logger(subsystem: "app.utter", category: "flow-session")

  init() {
    audio.onEvent = { [weak self] event in self?.handle(event) }
    microphone.onEngineStopped = { [weak self] in
      Task { @MainActor in self?.restartMicrophone(reason: "engine stopped") }
    }
    activity.endLeftovers()
  }

  /// Opens a session running `pipeline`; does nothing when one is open.
  func open(with pipeline: DictationPipeline) {
    guard host == nil, status != .starting else { return }
    guard let container = AppGroup.channelDirectory else {
      status = .failed("Utter's App Group is missing; reinstall the app.")
      return
    }
    status = .starting
    wordsThisSession = 0
    Task {
      // NB: ask before starting the engine, so it runs (and keeps the app alive) from the moment the user
      // swipes back, even on the very first session.
      if audio.recordPermission == .undetermined { _ = await audio.requestRecordPermission() }
      guard status == .starting else { return }  // cancelled meanwhile
      guard audio.recordPermission == .granted else {
        status = .failed(MicrophoneError.permissionDenied.description)
        feedback.failed()
        return
      }
      do {
        try audio.activate()
        try microphone.start()
      } catch {
        audio.deactivate()
        status = .failed(Self.message(for: error))
        feedback.failed()
        return
      }
      startHost(pipeline: pipeline, container: container)
    }
  }

  private func startHost(pipeline: DictationPipeline, container: URL) {
    let channel = SessionChannel(container: container)
    let source = MicrophoneAudioSource(microphone: microphone) { [weak self] in
      try await self?.ensureMicrophone()
    }
    let parts = pipeline.hostParts()
    let configuration = pipeline.hostConfiguration()
    let archive = ObservedArchive(base: parts.archive) { [weak self] dictation in
      let words = dictation.text.split(whereSeparator: \.isWhitespace).count
      Task { @MainActor in self?.wordsThisSession += words }
    }
    let environment = HostEnvironment(
      clock: .system, microphone: source, makeSegmenter: { VoiceActivitySegmenter() },
      loadEngine: parts.loadEngine, format: parts.format, archive: archive,
      spool: AudioSpool(directory: pipeline.archive?.database?.spoolDirectory ?? Self.spoolDirectory),
      makeSessionID: { UUID().uuidString.lowercased() }, learnCorrections: parts.learnCorrections,
      liveCleanUp: parts.liveCleanUp)
    let host = DictationHost(
      channel: channel, watcher: ChannelWatcher(notifier: DarwinChangeNotifier()), environment: environment,
      configuration: configuration)
    self.host = host
    followState(of: channel)
    let timeout = configuration.timeout.seconds
    openEndedUntil = Date().addingTimeInterval(8 * 3600)
    activity.start(endsAt: timeout.map { Date().addingTimeInterval($0) } ?? openEndedUntil)

    runTask = Task { [weak self] in
      do {
        try await host.run()
      } catch {
        self?.log.error("session ended with an error: \(String(describing: error), privacy: .public)")
        self?.status = .failed(Self.message(for: error))
      }
      self?.sessionEnded()
    }
  }

  /// Ends the session: the microphone turns off and the keyboard shows Start again.
  func end() {
    guard let host else {
      if status == .starting { status = .off }
      return
    }
    Task { await host.stop() }
  }

  /// 16 kHz audio for a dictation inside the app, sharing the session's microphone (or starting it alone).
  func captureForApp() throws -> AudioCapture {
    try ensureMicrophoneNow()
    audio.setRecording(true)
    return try microphone.subscribe()
  }

  /// The in-app dictation is done: the microphone stays only if a flow session holds it.
  func releaseAppCapture() {
    audio.setRecording(false)
    guard host == nil else { return }
    microphone.stop()
    audio.deactivate()
  }

  /// The app came to the foreground: a microphone stopped by a call can restart now.
  func appBecameActive() {
    guard host != nil, !microphone.isRunning else { return }
    restartMicrophone(reason: "app became active")
  }

  // MARK: Lifecycle

  private func sessionEnded() {
    stateTask?.cancel()
    stateTask = nil
    microphone.stop()
    audio.deactivate()
    activity.end()
    host = nil
    runTask = nil
    phase = .inactive
    expiresAt = nil
    if case .failed = status {} else { status = .off }
  }

  /// Follows the state the host publishes, for the Live Activity, ducking and feedback.
  private func followState(of channel: SessionChannel) {
    let wakeups = ChannelWatcher(notifier: DarwinChangeNotifier()).wakeups()
    stateTask = Task { [weak self] in
      for await _ in wakeups {
        guard let self else { return }
        if let state = channel.readState().value { self.observe(state) }
      }
    }
  }

  private func observe(_ state: HostState) {
    guard state.seq != lastStateSeq else { return }
    lastStateSeq = state.seq
    let previous = phase
    phase = state.phase
    waitingOn = state.waitingOn
    expiresAt = state.expiresAt.map { Date(timeIntervalSince1970: $0) }
    if state.phase != .activating, state.phase != .inactive, status == .starting { status = .on }
    if previous != phase { phaseChanged(from: previous, to: phase, state: state) }
    activity.update(
      phase: Self.activityPhase(phase), wordsThisSession: wordsThisSession, endsAt: expiresAt ?? openEndedUntil)
  }

  private func phaseChanged(from previous: HostPhase, to phase: HostPhase, state: HostState) {
    audio.setRecording(phase == .recording)
    switch (previous, phase) {
    case (_, .recording) where previous != .interrupted:
      feedback.started()
    case (.recording, .transcribing):
      feedback.stopped()
    case (_, .standby):
      if let id = state.lastResultID, id != lastResultID {
        lastResultID = id
        feedback.delivered()
      } else if state.failure != nil {
        feedback.failed()
      }
    default:
      break
    }
  }

  // MARK: Audio events

  private func handle(_ event: AudioSessionController.Event) {
    switch event {
    case .interrupted:
      microphone.halt()
      if let host { Task { await host.interruptionBegan() } }
    case .interruptionEnded(let shouldResume):
      log.notice("interruption ended, shouldResume \(shouldResume)")
      // NB: try even without .shouldResume: a recording app that stays stopped after a call leaves the keyboard
      // with a dead microphone. If iOS refuses now, the next dictation or foregrounding retries.
      restartMicrophone(reason: "interruption ended")
    case .routeChanged:
      if host != nil, !microphone.isRunning { restartMicrophone(reason: "route changed") }
    case .mediaServicesReset:
      microphone.rebuild()
      if host != nil { restartMicrophone(reason: "media services reset") }
    }
  }

  private func restartMicrophone(reason: String) {
    guard let host else { return }
    do {
      try ensureMicrophoneNow()
      log.notice("microphone restarted (\(reason, privacy: .public))")
      Task { await host.interruptionEnded() }
    } catch {
      log.error(
        "microphone restart failed (\(reason, privacy: .public)): \(error.localizedDescription, privacy: .public)")
    }
  }

  private func ensureMicrophone() async throws {
    try ensureMicrophoneNow()
  }

  private func ensureMicrophoneNow() throws {
    if !audio.isActive { try audio.activate() }
    if !microphone.isRunning { try microphone.start() }
  }

  // MARK: Helpers

  private static var spoolDirectory: URL {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return support.appendingPathComponent("Spool", isDirectory: true)
  }

  private static func activityPhase(_ phase: HostPhase) -> DictationActivityAttributes.Phase {
    switch phase {
    case .recording, .interrupted: .listening
    case .transcribing, .delivering: .transcribing
    default: .ready
    }
  }

  private static func message(for error: Error) -> String { UserMessage.of(error) }
}
