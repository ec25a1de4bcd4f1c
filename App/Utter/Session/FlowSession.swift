import Dictation
import DictationHost
import Foundation
import Locations
import Observation
import SessionChannel
import os

/// The flow session: the audio session and microphone held for the keyboard, the host the pipeline's factory
/// builds on them, and the Live Activity showing it. Opened from the activation screen, an intent, the home screen
/// or the app's own dictation button; ends on expiry, from the keyboard, the Live Activity, or here.
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
  @ObservationIgnored private var cues = SessionCues()
  @ObservationIgnored private var ready: [CheckedContinuation<DictationHost, any Error>] = []
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

  /// Opens a session running `pipeline` on the App Group `shared` and the app's `data` folder; does nothing when one
  /// is open.
  func open(with pipeline: DictationPipeline, shared: SharedFolder?, data: DataFolder) {
    guard host == nil, status != .starting else { return }
    guard let shared else { return fail("Utter's App Group is missing; reinstall the app.") }
    status = .starting
    wordsThisSession = 0
    Task {
      // NB: ask before starting the engine, so it runs (and keeps the app alive) from the moment the user
      // swipes back, even on the very first session.
      if audio.recordPermission == .undetermined { _ = await audio.requestRecordPermission() }
      guard status == .starting else { return }  // cancelled meanwhile
      guard audio.recordPermission == .granted else { return fail(MicrophoneError.permissionDenied.description) }
      do {
        try ensureMicrophoneNow()
      } catch {
        audio.deactivate()
        return fail(UserMessage.of(error))
      }
      let source = MicrophoneAudioSource(microphone: microphone) { [weak self] in try await self?.ensureMicrophone() }
      let devices = HostDevices(
        shared: shared, notifier: DarwinChangeNotifier(), microphone: source, data: data)
      run(pipeline.makeHost(on: devices), timeout: pipeline.hostConfiguration().timeout.seconds)
    }
  }

  /// The running host, for the app's own dictation button: opens the session first when it is off.
  func runningHost(opening pipeline: DictationPipeline, shared: SharedFolder?, data: DataFolder) async throws
    -> DictationHost
  {
    if let host, status == .on { return host }
    open(with: pipeline, shared: shared, data: data)
    if case .failed(let message) = status { throw FlowSessionError(description: message) }
    return try await withCheckedThrowingContinuation { ready.append($0) }
  }

  private func run(_ host: DictationHost, timeout: Double?) {
    self.host = host
    cues = SessionCues()
    openEndedUntil = Date().addingTimeInterval(8 * 3600)
    activity.start(endsAt: timeout.map { Date().addingTimeInterval($0) } ?? openEndedUntil)
    Task { [weak self] in
      for await update in await host.updates() { self?.follow(update) }
    }
    Task { [weak self] in
      do {
        try await host.run()
      } catch {
        self?.log.error("session ended with an error: \(String(describing: error), privacy: .public)")
        self?.fail(UserMessage.of(error))
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

  /// The app came to the foreground: a microphone stopped by a call can restart now.
  func appBecameActive() {
    guard host != nil, !microphone.isRunning else { return }
    restartMicrophone(reason: "app became active")
  }

  // MARK: Lifecycle

  private func fail(_ message: String) {
    status = .failed(message)
    feedback.failed()
    resumeWaiters(with: .failure(FlowSessionError(description: message)))
  }

  private func sessionEnded() {
    microphone.stop()
    audio.deactivate()
    activity.end()
    host = nil
    phase = .inactive
    expiresAt = nil
    if case .failed = status {} else { status = .off }
    resumeWaiters(with: .failure(FlowSessionError(description: "The dictation session ended.")))
  }

  private func resumeWaiters(with result: Result<DictationHost, any Error>) {
    let waiting = ready
    ready = []
    for waiter in waiting { waiter.resume(with: result) }
  }

  /// Follows what the host publishes, for the screens, the Live Activity, ducking and feedback.
  private func follow(_ update: HostUpdate) {
    switch update {
    case .delivered(let dictation):
      wordsThisSession += dictation.text.split(whereSeparator: \.isWhitespace).count
    case .state(let state):
      phase = state.phase
      waitingOn = state.waitingOn
      expiresAt = state.expiresAt.map { Date(timeIntervalSince1970: $0) }
      if state.phase != .activating, state.phase != .inactive, status == .starting, let host {
        status = .on
        resumeWaiters(with: .success(host))
      }
      audio.setRecording(state.phase == .recording)
      for cue in cues.observe(state) { feedback.play(cue) }
      activity.update(
        phase: Self.activityPhase(state.phase), wordsThisSession: wordsThisSession,
        endsAt: expiresAt ?? openEndedUntil)
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

  private static func activityPhase(_ phase: HostPhase) -> DictationActivityAttributes.Phase {
    switch phase {
    case .recording, .interrupted: .listening
    case .transcribing, .delivering: .transcribing
    default: .ready
    }
  }
}

/// Why the flow session could not serve a dictation, in one line.
struct FlowSessionError: Error, CustomStringConvertible, LocalizedError {
  let description: String
  var errorDescription: String? { description }
}
