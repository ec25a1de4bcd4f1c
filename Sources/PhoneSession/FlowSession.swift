#if canImport(Observation)
  import Clocks
  import Dictation
  import DictationHost
  import DictationValues
  import Foundation
  import Storage
  import Observation
  import PhoneRules
  import SessionChannel
  import SpeechReading

  /// Shows the session outside the app (the Live Activity on iPhone).
  @MainActor
  public protocol FlowSessionIndicator: AnyObject {
    /// The session started, in `state` (its `endsAt` nil: it lasts until the user ends it, no countdown).
    func start(_ state: SessionActivityState)
    /// The session moved: show `state` (the same state may come again).
    func update(_ state: SessionActivityState)
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
    @ObservationIgnored private var activity = AudioSituation.Activity.off
    /// What the plan wanted and the background did not allow, as last logged.
    @ObservationIgnored private var withheld: [String] = []
    @ObservationIgnored private var offWaiters: [CheckedContinuation<Void, Never>] = []
    @ObservationIgnored private let log: (String) -> Void
    @ObservationIgnored private var livePower = LivePace.Power.normal

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
      adjust: @escaping @Sendable (inout HostConfiguration) -> Void = { _ in }
    ) {
      guard host == nil, status != .starting else { return }
      guard let shared else { return fail("Utter's App Group is missing; reinstall the app.") }
      status = .starting
      wordsThisSession = 0
      Task {
        // NB: an engine that cannot run at all (a cloud engine without its key) is said before anything starts,
        // never after the user has spoken.
        if let refusal = await pipeline.engines.check(engine ?? pipeline.settings.engine()) { return fail(refusal) }
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
          return fail(MicrophoneStartError(error).description)
        }
        let source = audio.source { [weak self] in try await self?.ensureRunning() }
        var devices = HostDevices(shared: shared, notifier: notifier(shared), microphone: source, data: data)
        configureDevices(&devices)
        var configuration = pipeline.hostConfiguration()
        adjust(&configuration)
        run(
          pipeline.makeHost(on: devices, engine: engine, adjust: adjust), timeout: configuration.timeout.seconds,
          clock: devices.clock)
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

    /// Paces the live text for the phone (`LivePace.Power`): the app tells it iOS's Low Power Mode and thermal state
    /// (`ProcessInfo.ThermalState`'s raw value) at launch and on each change.
    public func phoneStateChanged(lowPowerMode: Bool, thermalState: Int) {
      livePower = LivePace.Power(lowPowerMode: lowPowerMode, thermalState: thermalState)
      if let host { Task { [livePower] in await host.setLivePower(livePower) } }
    }

    /// Runs `host`, shown ending `timeout` seconds after now on `clock` (nil: never).
    private func run(_ host: DictationHost, timeout: Double?, clock: UtterClock) {
      self.host = host
      Task { [livePower] in await host.setLivePower(livePower) }
      cues = SessionCues()
      indicator.start(
        SessionActivityState(
          phase: .ready, wordsThisSession: 0, endsAt: timeout.map { clock.date().addingTimeInterval($0) }))
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
        wordsThisSession += dictation.finalText.split(whereSeparator: \.isWhitespace).count
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
        // NB: read once the recording's route is applied, and again at each state while it records: a headset's
        // microphone comes a moment later, or goes mid-dictation.
        let microphone = PhoneAudioEvents.microphoneName(audio.inputName)
        if state.phase == .recording, microphone != state.microphone, let host {
          Task { await host.microphoneNamed(microphone) }
        }
        for cue in cues.observe(state) { onCue(cue) }
        indicator.update(
          SessionActivityState(
            phase: .init(state.phase, waitingOn: state.waitingOn), wordsThisSession: wordsThisSession,
            endsAt: expiresAt))
      }
    }

    private func handle(_ event: FlowAudioEvent) {
      switch event {
      case .interrupted(let reason):
        // NB: the system deactivated the session; what was applied before no longer holds, so the end of the
        // interruption applies the plan in full again (a stale "active" here left the first dictation after a call
        // silent).
        activity = .call
        appliedPlan = AudioRoutePolicy.plan(for: situation)
        audio.halt()
        log("interrupted (\(reason))")
        if let host {
          let blocked: HostPrecondition = reason == .builtInMicMuted ? .microphoneMuted : .audioSession
          Task { await host.microphoneBlocked(blocked) }
        }
        // NB: a suspension is reported once the app runs again, and no end follows: start again now if iOS lets us.
        if !reason.endIsPosted { restartMicrophone(reason: "the app was suspended") }
      case .interruptionEnded(let shouldResume):
        log("interruption ended, shouldResume \(shouldResume)")
        // NB: try even without .shouldResume: a recording app that stays stopped after a call leaves the keyboard
        // with a dead microphone. In the background iOS refuses, and the host says that opening the app brings it back.
        restartMicrophone(reason: "interruption ended")
      case .routeChanged:
        // NB: a headset came or went: the plan may change (AirPods gone mid-dictation: the iPhone's microphone). The
        // microphone is not started here: if the engine stopped, its configuration change follows (`.engineStopped`),
        // and a tap installed before it can crash the app (`MicrophoneStart.Refusal.routeChanging`).
        guard host != nil, activity != .call else { return }
        appliedPlan = nil
        do { try route(activity) } catch { log("audio session change failed: \(error)") }
      case .mediaServicesReset:
        audio.rebuild()
        appliedPlan = nil
        if host != nil { restartMicrophone(reason: "media services reset") }
      case .engineStopped:
        restartMicrophone(reason: "engine stopped")
      case .sceneChanged(let scene):
        log("app in the \(scene)")
        if scene == .foreground { appBecameActive() }
      }
    }

    private func restartMicrophone(reason: String) {
      guard let host else { return }
      do {
        try ensureRunning()
        log("microphone running (\(reason))")
        // NB: whatever stopped it (a call, a restart refused in the background), the next tap records.
        Task { await host.interruptionEnded() }
      } catch {
        log("microphone restart failed (\(reason)): \(error)")
        // NB: iOS starts a microphone only for an app on screen: until the user opens the app, nothing records, and
        // the keyboard says so (a dictation under way keeps what it heard).
        if audio.scene == .background { Task { await host.microphoneBlocked(.foreground) } }
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

    /// Applies the audio session `AudioRoutePolicy` plans for `activity`, as the phone's rules let it change
    /// (`AudioSessionChange`): reactivated for ducking in the foreground, never stopping the microphone in the
    /// background.
    private func route(_ activity: AudioSituation.Activity) throws {
      self.activity = activity
      let change = AudioSessionChange.change(
        from: appliedPlan, to: AudioRoutePolicy.plan(for: situation), scene: audio.scene, headset: audio.headset)
      // NB: said once per change, not at every state the host publishes.
      if change.withheld != withheld {
        withheld = change.withheld
        for line in withheld { log(line) }
      }
      guard let plan = change.plan else { return }
      if change.reactivates {
        let wasRunning = audio.isRunning
        audio.halt()
        try audio.apply(.inactive)
        appliedPlan = .inactive
        try audio.apply(plan)
        appliedPlan = plan
        if wasRunning { try audio.ensureRunning() }
        return
      }
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
