import Clocks
import DictationValues
import Foundation
import Logging
import SessionChannel
import SpeechEngine
import SpeechReading

/// The containing app's side of the session: holds the flow session, records, transcribes while the user
/// speaks, formats, records history, publishes results and waits for the keyboard's acknowledgement.
public actor DictationHost {
  public private(set) var model: HostModel
  let channel: SessionChannel
  let watcher: ChannelWatcher
  let environment: HostEnvironment
  var configuration: HostConfiguration
  /// Reads the settings again at each dictation's start; nil: the configuration given at start lasts the session.
  let refreshSettings: (@Sendable () -> HostSettingsRefresh?)?
  var logger: Logger { environment.logger }
  var clock: UtterClock { environment.clock }
  var engine: (any SpeechEngine)?
  var recording: Recording?
  /// Delivered dictations that history could not take yet (a full disk), retried by the heartbeat.
  var unrecorded: [UnrecordedDictation] = []
  var lastUnrecordedTry = -Double.infinity
  var stateSeq = 0
  var audioLevel: Double?
  /// The words of the dictation being recorded, as published.
  var liveText: LiveText?
  /// The microphone recording, by name, as the phone's route names it (`microphoneNamed`).
  var microphoneName: String?
  var loops: [Task<Void, Never>] = []
  var ended = false
  /// The state's writes, each one after a failure tried anew.
  var stateWrites = RetriedWrite()
  var endWaiters: [CheckedContinuation<Void, Never>] = []
  /// The engine's vocabulary since a correction taught a term (nil: the configuration's).
  var learnedVocabulary: [String]?
  /// The learned forms since a correction taught a term (nil: the configuration's).
  var learnedForms: [LearnedForm]?
  /// The session's last dictations, the engine's text and audio, newest last: a correction of one is judged by
  /// reading its audio again.
  var recentDictations: [(raw: String, audio: [Float])] = []
  /// Dictations transcribed from the spool at start-up (for callers that report them).
  public internal(set) var recoveredDictations: [HistoryEntry] = []
  /// The app's own screens following the host (`updates()`).
  var subscribers: [UUID: AsyncStream<HostUpdate>.Continuation] = [:]
  /// Where the app's current (or last) own dictation goes (`requestFromApp`).
  var appTarget = AppDictationTarget.app
  /// When the engine is in memory (loaded behind the first capture, let go when idle or memory is short).
  var residency: EngineResidency
  /// The freshly loaded engine's first call, while no dictation waits for it (`EngineResidency.Effect.warmUp`).
  var warmUp: Task<Void, Never>?
  /// What the phone's battery and temperature allow the live text (`LivePace.Power`), from the app.
  var livePower = LivePace.Power.normal
  /// The engine's last failed load: which engine, and why.
  var loadFailure: EngineLoadFailure?
  /// Dictations waiting for the engine to finish loading (nil: it could not load).
  var engineWaiters: [CheckedContinuation<(any SpeechEngine)?, Never>] = []
  /// Audio a crash left in the spool, found before this session recorded anything; read once the engine is loaded.
  var leftoverSpools: [SpoolSidecar] = []
  /// Whether that audio is being read now (the keyboard is told: `HostPrecondition.recovering`).
  var recoveringSpool = false
  /// What the last published state said the host waits on.
  var publishedWaits: [HostPrecondition] = []
  /// How often the channel is polled (slowly while idle) and when a command or dictation last happened.
  let pace: PollPace
  var lastActivity = 0.0

  public init(
    channel: SessionChannel, watcher: ChannelWatcher, environment: HostEnvironment,
    configuration: HostConfiguration = HostConfiguration(),
    refreshSettings: (@Sendable () -> HostSettingsRefresh?)? = nil
  ) {
    self.refreshSettings = refreshSettings
    self.channel = channel
    var watcher = watcher
    pace = PollPace(watcher.pollInterval)
    watcher.follow(pace)
    self.watcher = watcher
    self.environment = environment
    self.configuration = configuration
    model = HostModel(timeout: configuration.timeout)
    residency = EngineResidency(idleUnloadAfter: configuration.engineIdleUnload)
  }

  /// Opens the session and serves the keyboard until the session ends (expiry, `end-session` or `stop()`).
  public func run() async throws {
    try channel.prepare()
    let now = clock.now()
    channel.removeAbandonedTemporaryFiles(olderThan: 60, now: now)
    // Commands written before this start belong to no session of ours; their acknowledgements still count (the
    // keyboard inserted those results while the app was gone).
    let earlier = channel.readCommands().value
    model = HostModel(timeout: configuration.timeout, lastCommandSeq: earlier?.lastSeq ?? 0)
    lastActivity = now
    for id in earlier?.acknowledgedResultIDs ?? [] where environment.archive.contains(id: id) {
      do { try environment.archive.markDelivered(id: id) } catch {
        logger.error("cannot mark \(id) delivered: \(error)")
      }
    }
    leftoverSpools = environment.spool.leftovers()
    apply(.sessionOpened(sessionID: environment.makeSessionID(), waitingOn: [.microphonePermission], now: now))
    startLoops()
    // Results of earlier sessions are in history already; no keyboard may insert them now.
    for id in channel.resultIDs() { try? channel.removeResult(id: id) }
    channel.removeAllClaims()
    guard await environment.microphone.requestPermission() else {
      logger.error("microphone permission denied")
      finishSession()
      throw ChannelError.invalid("microphone permission denied")
    }
    // NB: the microphone is all a dictation needs to start: the engine loads behind it, and a tap made meanwhile
    // records from the tap (the words are read once the engine is ready).
    apply(.preconditionsChanged([], now: clock.now()))
    changeResidency(.sessionOpened)
    logger.info("session \(model.sessionID ?? "") ready to record")
    readCommands()
    await waitUntilEnded()
  }

  /// Ends the session cleanly (SIGTERM): the keyboard sees `inactive`. A recording in progress stays in the
  /// spool and is recovered on the next start.
  public func stop() {
    apply(.shutdownRequested)
    if !ended { finishSession() }
  }

  /// The microphone recording now, by name (`AirPods Pro`; nil: unknown), shown by the keyboard while it listens.
  public func microphoneNamed(_ name: String?) {
    guard name != microphoneName else { return }
    microphoneName = name
    if model.phase == .recording { publish() }
  }

  /// A call or Siri took the microphone: a recording is stopped and its words delivered.
  public func interruptionBegan() { apply(.interruptionBegan) }
  /// The microphone is free again.
  public func interruptionEnded() { apply(.interruptionEnded(now: clock.now())) }

  /// The microphone stopped and `reason` holds it (`HostEvent.microphoneBlocked`).
  public func microphoneBlocked(_ reason: HostPrecondition) { apply(.microphoneBlocked(reason)) }

  func waitUntilEnded() async {
    if ended { return }
    await withCheckedContinuation { endWaiters.append($0) }
  }

  private func startLoops() {
    let wakeups = watcher.wakeups()
    loops.append(
      Task { [weak self] in
        for await wakeup in wakeups {
          if case .changed(let name) = wakeup, name != ChannelFile.commands { continue }
          await self?.readCommands()
        }
      })
    let clock = clock
    let interval = configuration.heartbeatInterval
    loops.append(
      Task { [weak self] in
        while !Task.isCancelled {
          do { try await clock.sleep(interval) } catch { return }
          await self?.heartbeat()
        }
      })
  }

  /// Proves the app is alive (`apply` publishes the state) and lets the session expire.
  func heartbeat() {
    let now = clock.now()
    apply(.tick(now: now))
    changeResidency(.tick(now: now))
    if model.dictation != nil { lastActivity = now }
    pace.seconds = HostPace.pollInterval(
      phase: model.phase, lastActivity: lastActivity, now: now, busy: watcher.pollInterval,
      idle: configuration.idlePollInterval)
    stopIfKeyboardGone()
    recordUnrecorded()
  }

  /// Tries again to record the dictations history could not take (a full disk), at most every 5 seconds; each one
  /// recorded is logged once, and its spool (a fragment, if the disk filled while recording) is then done.
  func recordUnrecorded() {
    let now = clock.now()
    guard !unrecorded.isEmpty, now - lastUnrecordedTry >= 5 else { return }
    lastUnrecordedTry = now
    while let next = unrecorded.first {
      do {
        try environment.archive.record(next.entry, audio: next.audio)
      } catch {
        return
      }
      unrecorded.removeFirst()
      environment.spool.remove(next.entry.uuid)
      logger.notice("recorded dictation \(next.entry.uuid) in history now that it can take it")
    }
  }

  /// Stops a recording whose keyboard has written no sign of life for `keyboardGoneAfter` seconds, keeping what
  /// was said. A keyboard that never wrote one (none is on file) is not judged: the length cap still applies.
  func stopIfKeyboardGone() {
    guard let recording, !recording.stopRequested, model.phase == .recording else { return }
    let now = clock.now()
    let limit = configuration.keyboardGoneAfter
    guard now - recording.startedAt > limit, let seen = channel.readPresence().value?.seenAt, now - seen > limit
    else { return }
    logger.notice(
      "the keyboard has shown no sign of life for \(Int(now - seen)) s; stopping dictation \(recording.dictation.id) and keeping what was said"
    )
    apply(.keyboardGone(dictationID: recording.dictation.id, now: now))
  }

  func readCommands() {
    guard let log = channel.readCommands().value else { return }
    for command in log.commands(after: model.lastCommandSeq) {
      lastActivity = clock.now()
      pace.seconds = watcher.pollInterval
      if command.sessionID != model.sessionID, command.kind != .ack {
        logger.info("ignoring \(command.kind.rawValue) #\(command.seq) for another session")
      }
      apply(.command(command, now: clock.now()))
    }
  }

  /// Runs a transition, performs its effects and publishes the new state.
  func apply(_ event: HostEvent) {
    let before = model.dictation?.id
    let effects = model.handle(event)
    for effect in effects { perform(effect) }
    let after = model.dictation?.id
    if let after, after != before { changeResidency(.dictationStarted) }
    if before != nil, after == nil { changeResidency(.dictationEnded(now: clock.now())) }
    if !ended { publish() }
  }

  private func perform(_ effect: HostEffect) {
    switch effect {
    case .startRecording(let dictation):
      startRecording(dictation)
    case .finishDictation(let dictation):
      Task { await self.stopRecording(dictation) }
    case .discardDictation(let dictation):
      discard(dictation)
    case .keepGoing(let dictation):
      guard recording?.dictation.id == dictation.id, recording?.cap.keepGoing() == true else { return }
      logger.notice("dictation \(dictation.id) keeps going: it stops at \(Int(recording?.cap.limit ?? 0)) s")
    case .acknowledge(let id):
      do { try environment.archive.markDelivered(id: id) } catch {
        logger.error("cannot mark \(id) delivered: \(error)")
      }
      do { try channel.removeResult(id: id) } catch { logger.error("cannot remove result \(id): \(error)") }
    case .learnCorrections(let corrections):
      Task { await self.learn(corrections) }
    case .endSession:
      finishSession()
    }
  }

  func finishSession() {
    guard !ended else { return }
    if let recording {
      // NB: the spool keeps the audio; the next start recovers it.
      recording.stopCapture()
      recording.microphoneTask.cancel()
      recording.spool?.sync()
      cancelStream(recording.stream)
      self.recording = nil
    }
    // A last try for dictations history could not take; the ones left are logged with their words' length.
    lastUnrecordedTry = -Double.infinity
    recordUnrecorded()
    for left in unrecorded {
      logger.error(
        "dictation \(left.entry.uuid) (\(left.entry.finalText.count) characters) could not be kept in history")
    }
    publish(phase: .inactive)
    ended = true
    releaseEngineWaiters()
    for subscriber in subscribers.values { subscriber.finish() }
    subscribers.removeAll()
    for loop in loops { loop.cancel() }
    loops.removeAll()
    for waiter in endWaiters { waiter.resume() }
    endWaiters.removeAll()
  }

  /// How this session reads: the configuration's options, with the vocabulary and forms learned in it (a field's
  /// dictation reads them in its language: `FieldContext.transcriptionOptions`).
  var sessionOptions: TranscriptionOptions {
    var options = configuration.transcription
    if let learnedVocabulary { options.vocabulary = learnedVocabulary }
    if let learnedForms { options.learnedForms = learnedForms }
    return options
  }

  /// What the host waits on now, as the keyboard is told: the session's preconditions, the engine still loading
  /// behind a dictation already tapped (`modelLoading`), and audio a crash left being read (`recovering`).
  var waits: [HostPrecondition] {
    var waits = model.waitingOn
    if model.dictation != nil, residency.state == .loading { waits.append(.modelLoading) }
    if recoveringSpool { waits.append(.recovering) }
    return waits
  }

  /// Publishes the state when what the host waits on changed outside a transition (the engine loaded, recovery).
  func publishIfWaitsChanged() {
    if !ended, model.sessionID != nil, waits != publishedWaits { publish() }
  }

  /// Writes `state.json` from the model and the live recording figures.
  func publish(phase: HostPhase? = nil) {
    guard let sessionID = model.sessionID else { return }
    stateSeq += 1
    let phase = phase ?? model.phase
    publishedWaits = waits
    var state = HostState(seq: stateSeq, sessionID: sessionID, phase: phase, heartbeat: clock.now())
    state.expiresAt = model.expiresAt
    state.waitingOn = publishedWaits
    state.dictationCommandSeq = model.dictation?.commandSeq
    state.audioLevel = phase == .recording ? audioLevel : nil
    state.liveText = liveText
    state.lastCommandSeq = model.lastCommandSeq
    state.lastResultID = model.lastResultID
    state.failure = model.failure
    if phase == .recording, let recording {
      state.microphone = microphoneName
      state.stopsIn = recording.cap.stopsIn(after: recording.reading.seconds)
      state.canKeepGoing = recording.cap.canKeepGoing && recording.dictation.origin == .keyboard
    }
    state.appDictation = model.dictation?.origin == .app ? true : nil
    broadcast(.state(state))
    stateWrites.attempt(ChannelFile.state, logger: logger) {
      do {
        try channel.writeState(state)
      } catch {
        // NB: a shared folder deleted under the app is made again; a failure is logged once, not every 0.1 s.
        guard (try? channel.prepare()) != nil else { throw error }
        try channel.writeState(state)
        logger.notice("the shared folder was gone and has been made again")
      }
      watcher.notifier.post(ChannelFile.state)
    }
  }
}
