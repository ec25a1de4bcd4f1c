#if canImport(Observation)
  import DictationHost
  import DictationValues
  import Foundation
  import Locations
  import Observation
  import SessionChannel

  /// What a flow session needs from the phone's audio hardware (`AVAudioSession` and `AVAudioEngine` on iPhone). It
  /// decides nothing: the session tells it which `AudioSessionPlan` to apply and when to start or stop the microphone.
  @MainActor
  public protocol FlowAudio: AnyObject {
    /// Whether the user answered the microphone question: nil not yet, else granted or not.
    var permissionGranted: Bool? { get }
    func requestPermission() async -> Bool
    var isRunning: Bool { get }
    /// Another app plays audio now (music, a podcast).
    var otherAudioPlaying: Bool { get }
    /// The headset connected now, if any.
    var headset: AudioSituation.Headset { get }
    /// Sets the audio session as planned: category options, preferred input, haptics, active or not. Applied in
    /// full every time (nothing is skipped because it looks set already: a call deactivates the session behind the
    /// app's back).
    func apply(_ plan: AudioSessionPlan) throws
    /// Starts the microphone when it is not running (the session must be active).
    func ensureRunning() throws
    /// Stops the microphone for an interruption; its listeners hear again after `ensureRunning()`.
    func halt()
    /// Stops the microphone and releases the audio session (the session ended).
    func shutDown()
    /// Builds the audio hardware anew (the media server restarted).
    func rebuild()
    /// The microphone the host records from; `restart` brings the hardware back when a call left it stopped.
    func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource
    /// Told what happens to the audio session.
    var onEvent: ((FlowAudioEvent) -> Void)? { get set }
  }

  /// Something that happened to the phone's audio session.
  public enum FlowAudioEvent: Equatable, Sendable {
    /// A call or Siri took the audio; the microphone is stopped.
    case interrupted
    /// The interruption ended; `shouldResume` says whether the system invites a resume now.
    case interruptionEnded(shouldResume: Bool)
    /// Input or output hardware changed (AirPods, a headset unplugged).
    case routeChanged
    /// The media server restarted: every audio object must be rebuilt.
    case mediaServicesReset
    /// The audio engine stopped by itself.
    case engineStopped
  }

  /// Shows the session outside the app (the Live Activity on iPhone).
  @MainActor
  public protocol FlowSessionIndicator: AnyObject {
    func start(endsAt: Date)
    func update(phase: HostPhase, wordsThisSession: Int, endsAt: Date)
    func end()
  }

  /// The flow session: the microphone held for the keyboard, the host `DictationPipeline.makeHost` builds on it,
  /// what the screens and the Live Activity show, and what happens on calls, route changes and media resets. The
  /// app opens it from the activation screen, an intent or its own dictation button, and ends it (as do expiry,
  /// the keyboard and the Live Activity).
  @MainActor
  @Observable
  public final class FlowSession {
    public enum Status: Equatable, Sendable {
      case off
      case starting
      case on
      case failed(String)
    }

    public private(set) var status: Status = .off
    /// The host's phase as published to the keyboard.
    public private(set) var phase: HostPhase = .inactive
    public private(set) var waitingOn: [HostPrecondition] = []
    public private(set) var expiresAt: Date?
    public private(set) var wordsThisSession = 0
    public var isOn: Bool { status == .on || status == .starting }
    /// Plays a sound or tap; the app sets it from the user's settings.
    @ObservationIgnored public var onCue: (SessionCue) -> Void = { _ in }
    /// The user's microphone and ducking choices (from settings).
    @ObservationIgnored public var microphoneChoice = MicrophoneChoice.automatic
    @ObservationIgnored public var ducksOthers = true
    /// The audio session as last applied (nil: nothing applied, or the hardware was rebuilt).
    public private(set) var appliedPlan: AudioSessionPlan?

    private let audio: any FlowAudio
    private let indicator: any FlowSessionIndicator
    private let notifier: (SharedFolder) -> any ChangeNotifier
    @ObservationIgnored private var host: DictationHost?
    @ObservationIgnored private var cues = SessionCues()
    @ObservationIgnored private var ready: [CheckedContinuation<DictationHost, any Error>] = []
    /// The indicator's end time when the session never expires (fixed, so updates stay rare).
    @ObservationIgnored private var openEndedUntil = Date()
    @ObservationIgnored private var activity = AudioSituation.Activity.off
    @ObservationIgnored private var offWaiters: [CheckedContinuation<Void, Never>] = []
    @ObservationIgnored private let log: (String) -> Void

    /// A session on `audio`, shown by `indicator`, waking the keyboard through `notifier` (Darwin notifications on
    /// iPhone).
    public init(
      audio: any FlowAudio, indicator: any FlowSessionIndicator,
      notifier: @escaping (SharedFolder) -> any ChangeNotifier, log: @escaping (String) -> Void = { _ in }
    ) {
      self.audio = audio
      self.indicator = indicator
      self.notifier = notifier
      self.log = log
      audio.onEvent = { [weak self] event in self?.handle(event) }
    }

    /// Opens a session running `pipeline` on `shared` and `data`; does nothing when one is open or opening.
    /// `utter host` passes the engine it was asked for, its devices (log, segmenter) and its configuration flags;
    /// the app takes the settings' choices.
    public func open(
      with pipeline: DictationPipeline, shared: SharedFolder?, data: DataFolder, engine: EngineChoice? = nil,
      devices configureDevices: @escaping (inout HostDevices) -> Void = { _ in },
      adjust: @escaping (inout HostConfiguration) -> Void = { _ in }
    ) {
      guard host == nil, status != .starting else { return }
      guard let shared else { return fail("Utter's App Group is missing; reinstall the app.") }
      status = .starting
      wordsThisSession = 0
      Task {
        // NB: ask before starting the microphone, so it runs (and keeps the app alive) from the moment the user
        // swipes back, even on the very first session.
        if audio.permissionGranted == nil { _ = await audio.requestPermission() }
        guard status == .starting else { return }  // ended meanwhile
        guard audio.permissionGranted == true else {
          return fail(DictationFailure.microphoneDenied.message)
        }
        do {
          try route(.standby)
          try audio.ensureRunning()
        } catch {
          shutDownAudio()
          return fail("The microphone could not start: \(error)")
        }
        let source = audio.source { [weak self] in try await self?.ensureRunning() }
        var devices = HostDevices(shared: shared, notifier: notifier(shared), microphone: source, data: data)
        configureDevices(&devices)
        var configuration = pipeline.hostConfiguration()
        adjust(&configuration)
        run(pipeline.makeHost(on: devices, engine: engine, adjust: adjust), timeout: configuration.timeout.seconds)
      }
    }

    /// The running host, for the app's own dictation button: the session is opened first when it is off.
    public func runningHost(opening pipeline: DictationPipeline, shared: SharedFolder?, data: DataFolder)
      async throws -> DictationHost
    {
      if let host, status == .on { return host }
      open(with: pipeline, shared: shared, data: data)
      if case .failed(let message) = status { throw FlowSessionError(description: message) }
      return try await withCheckedThrowingContinuation { ready.append($0) }
    }

    /// Ends the session: the microphone turns off and the keyboard shows Start again.
    public func end() {
      guard let host else {
        if status == .starting {
          status = .off
          resumeOffWaiters()
        }
        return
      }
      Task { await host.stop() }
    }

    /// The app came to the foreground: a microphone stopped by a call can restart now.
    public func appBecameActive() {
      guard host != nil, !audio.isRunning else { return }
      restartMicrophone(reason: "app became active")
    }

    private func run(_ host: DictationHost, timeout: Double?) {
      self.host = host
      cues = SessionCues()
      openEndedUntil = Date().addingTimeInterval(8 * 3600)
      indicator.start(endsAt: timeout.map { Date().addingTimeInterval($0) } ?? openEndedUntil)
      Task { [weak self] in
        for await update in await host.updates() { self?.follow(update) }
      }
      Task { [weak self] in
        do {
          try await host.run()
        } catch {
          self?.log("session ended with an error: \(error)")
          self?.fail("\(error)")
        }
        self?.sessionEnded()
      }
    }

    private func fail(_ message: String) {
      status = .failed(message)
      onCue(.failed)
      resumeWaiters(with: .failure(FlowSessionError(description: message)))
      if host == nil { resumeOffWaiters() }
    }

    /// Returns once the session has ended (or failed to open).
    public func waitUntilOff() async {
      if host == nil, status != .starting { return }
      await withCheckedContinuation { offWaiters.append($0) }
    }

    private func resumeOffWaiters() {
      let waiting = offWaiters
      offWaiters = []
      for waiter in waiting { waiter.resume() }
    }

    private func sessionEnded() {
      shutDownAudio()
      indicator.end()
      host = nil
      phase = .inactive
      expiresAt = nil
      if case .failed = status {} else { status = .off }
      resumeWaiters(with: .failure(FlowSessionError(description: "The dictation session ended.")))
      resumeOffWaiters()
    }

    private func resumeWaiters(with result: Result<DictationHost, any Error>) {
      let waiting = ready
      ready = []
      for waiter in waiting { waiter.resume(with: result) }
    }

    /// Follows what the host publishes: the screens, the indicator, ducking and the cues.
    func follow(_ update: HostUpdate) {
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
        if activity != .call {
          do { try route(state.phase == .recording ? .recording : .standby) } catch {
            log("audio session change failed: \(error)")
          }
        }
        for cue in cues.observe(state) { onCue(cue) }
        indicator.update(phase: state.phase, wordsThisSession: wordsThisSession, endsAt: expiresAt ?? openEndedUntil)
      }
    }

    private func handle(_ event: FlowAudioEvent) {
      switch event {
      case .interrupted:
        // NB: the system deactivated the session for the call; what was applied before no longer holds, so the end of
        // the call applies the plan in full again (a stale "active" here left the first dictation after a call silent).
        activity = .call
        appliedPlan = AudioRoutePolicy.plan(for: situation)
        audio.halt()
        if let host { Task { await host.interruptionBegan() } }
      case .interruptionEnded(let shouldResume):
        log("interruption ended, shouldResume \(shouldResume)")
        // NB: try even without .shouldResume: a recording app that stays stopped after a call leaves the keyboard
        // with a dead microphone. If iOS refuses now, the next dictation or foregrounding retries.
        restartMicrophone(reason: "interruption ended")
      case .routeChanged:
        // NB: a headset came or went: the plan may change (AirPods gone mid-dictation: the iPhone's microphone), and
        // the dictation goes on with the same listener once the microphone runs again.
        guard host != nil, activity != .call else { return }
        appliedPlan = nil
        restartMicrophone(reason: "route changed")
      case .mediaServicesReset:
        audio.rebuild()
        appliedPlan = nil
        if host != nil { restartMicrophone(reason: "media services reset") }
      case .engineStopped:
        restartMicrophone(reason: "engine stopped")
      }
    }

    private func restartMicrophone(reason: String) {
      guard let host else { return }
      let wasInterrupted = activity == .call
      do {
        try ensureRunning()
        log("microphone running (\(reason))")
        if wasInterrupted { Task { await host.interruptionEnded() } }
      } catch {
        log("microphone restart failed (\(reason)): \(error)")
      }
    }

    /// The session applied as the policy says, then the microphone started (a recording keeps recording).
    private func ensureRunning() throws {
      try route(activity == .recording ? .recording : .standby)
      try audio.ensureRunning()
    }

    /// The system is short of memory: the host lets its engine go (now, or once the dictation using it is done).
    public func memoryWarning() {
      if let host { Task { await host.memoryWarning() } }
    }

    private var situation: AudioSituation {
      AudioSituation(
        activity: activity, otherAudioPlaying: audio.otherAudioPlaying, headset: audio.headset,
        microphone: microphoneChoice, ducksOthers: ducksOthers)
    }

    /// Applies the audio session `AudioRoutePolicy` plans for `activity`, when it differs from what is applied.
    private func route(_ activity: AudioSituation.Activity) throws {
      self.activity = activity
      let plan = AudioRoutePolicy.plan(for: situation)
      guard plan != appliedPlan else { return }
      try audio.apply(plan)
      appliedPlan = plan
    }

    private func shutDownAudio() {
      audio.shutDown()
      activity = .off
      appliedPlan = nil
    }
  }

  /// Why the flow session could not serve a dictation, in one line.
  public struct FlowSessionError: Error, CustomStringConvertible, LocalizedError {
    public let description: String
    public var errorDescription: String? { description }
  }
#endif
