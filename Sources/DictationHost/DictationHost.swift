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
  /// The speech engine, when it is in memory, and the dictations waiting for it.
  var engine: HostEngine
  var recording: Recording?
  /// What history still has to take: dictations it could not, and audio a crash left in the spool.
  var backlog = HostBacklog()
  /// The state as the keyboard and the app's screens are told it.
  var publisher = HostPublisher()
  /// What the session learned from corrections, and the dictations they are judged by.
  var learning = HostLearning()
  /// How often the channel is polled (slowly while idle).
  var pace: HostPace
  /// What the phone's battery and temperature allow the live text (`LivePace.Power`), from the app.
  var livePower = LivePace.Power.normal
  var loops: [Task<Void, Never>] = []
  var ended = false
  var endWaiters: [CheckedContinuation<Void, Never>] = []

  public init(
    channel: SessionChannel, watcher: ChannelWatcher, environment: HostEnvironment,
    configuration: HostConfiguration = HostConfiguration(),
    refreshSettings: (@Sendable () -> HostSettingsRefresh?)? = nil
  ) {
    self.refreshSettings = refreshSettings
    self.channel = channel
    var watcher = watcher
    pace = HostPace(busy: watcher.pollInterval)
    watcher.follow(pace.poll)
    self.watcher = watcher
    self.environment = environment
    self.configuration = configuration
    model = HostModel(timeout: configuration.timeout)
    engine = HostEngine(idleUnloadAfter: configuration.engineIdleUnload)
  }

  /// Dictations transcribed from the spool at start-up (for callers that report them).
  public var recoveredDictations: [HistoryEntry] { backlog.recovered }

  /// Opens the session and serves the keyboard until the session ends (expiry, `end-session` or `stop()`).
  public func run() async throws {
    try channel.prepare()
    let now = clock.now()
    channel.removeAbandonedTemporaryFiles(olderThan: 60, now: now)
    // Commands written before this start belong to no session of ours; their acknowledgements still count (the
    // keyboard inserted those results while the app was gone).
    let earlier = channel.readCommands().value
    model = HostModel(timeout: configuration.timeout, lastCommandSeq: earlier?.lastSeq ?? 0)
    pace.activity(at: now)
    for id in earlier?.acknowledgedResultIDs ?? [] where environment.archive.contains(id: id) {
      do { try environment.archive.markDelivered(id: id) } catch {
        logger.error("cannot mark \(id) delivered: \(error)")
      }
    }
    backlog = HostBacklog(leftovers: environment.spool.leftovers())
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
    guard name != publisher.microphoneName else { return }
    publisher.microphoneName = name
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
    pace.heartbeat(
      phase: model.phase, dictating: model.dictation != nil, now: now, idle: configuration.idlePollInterval)
    stopIfKeyboardGone()
    recordUnrecorded()
  }

  /// Tries again to record the dictations history could not take (a full disk), at most every
  /// `HostBacklog.retryInterval` seconds, or `atOnce`; each one recorded is logged once, and its spool (a fragment,
  /// if the disk filled while recording) is then done.
  func recordUnrecorded(atOnce: Bool = false) {
    guard backlog.startTry(now: clock.now(), atOnce: atOnce) else { return }
    while let next = backlog.unrecorded.first {
      do {
        try environment.archive.record(next.entry, audio: next.audio)
      } catch {
        return
      }
      backlog.recordedOldest()
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
      pace.activity(at: clock.now())
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
    case .abandonDictation(let dictation):
      publisher.liveText = nil
      logger.info("dictation \(dictation.id) cancelled while its text is written: it will not be delivered")
    case .withdrawResult(let id):
      do { try channel.removeResult(id: id) } catch { logger.error("cannot withdraw result \(id): \(error)") }
      do { try environment.archive.markCancelled(id: id) } catch {
        logger.error("cannot mark \(id) cancelled: \(error)")
      }
      logger.info("withdrew result \(id): its keyboard's user had cancelled it")
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
    recordUnrecorded(atOnce: true)
    for left in backlog.unrecorded {
      logger.error(
        "dictation \(left.entry.uuid) (\(left.entry.finalText.count) characters) could not be kept in history")
    }
    publish(phase: .inactive)
    ended = true
    for waiter in engine.releaseWaiters() { waiter(nil) }
    publisher.finishAll()
    for loop in loops { loop.cancel() }
    loops.removeAll()
    for waiter in endWaiters { waiter.resume() }
    endWaiters.removeAll()
  }

  /// How this session reads: the configuration's options, with the vocabulary and forms learned in it (a field's
  /// dictation reads them in its language: `FieldContext.transcriptionOptions`).
  var sessionOptions: TranscriptionOptions { learning.options(from: configuration.transcription) }

  /// How a dictation into `field` is read on `engine`: the session's options, in the language `DictationLanguage`
  /// decides for the field with the languages the engine's model reads.
  func options(for field: FieldContext, on engine: any SpeechEngine) -> TranscriptionOptions {
    field.transcriptionOptions(from: sessionOptions, readable: engine.readableLanguages)
  }

  /// What the host waits on now, as the keyboard is told: the session's preconditions, the engine still loading
  /// behind a dictation already tapped (`modelLoading`), and audio a crash left being read (`recovering`).
  var waits: [HostPrecondition] {
    var waits = model.waitingOn
    if model.dictation != nil, engine.residency.state == .loading { waits.append(.modelLoading) }
    if backlog.recovering { waits.append(.recovering) }
    return waits
  }

  /// Publishes the state when what the host waits on changed outside a transition (the engine loaded, recovery).
  func publishIfWaitsChanged() {
    if !ended, model.sessionID != nil, publisher.waitsChanged(waits) { publish() }
  }

  /// Writes `state.json` from the model and the live recording figures, and hands it to the app's screens.
  func publish(phase: HostPhase? = nil) {
    let figures = recording.map {
      RecordingFigures(
        stopsIn: $0.cap.stopsIn(after: $0.reading.seconds),
        canKeepGoing: $0.cap.canKeepGoing && $0.dictation.origin == .keyboard)
    }
    guard let state = publisher.state(of: model, phase: phase, waits: waits, recording: figures, now: clock.now())
    else { return }
    publisher.broadcast(.state(state))
    publisher.writes.attempt(ChannelFile.state, logger: logger) {
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
