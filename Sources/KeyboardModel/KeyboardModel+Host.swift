import FieldValues
import KeyboardChannel

extension KeyboardModel {
  mutating func observe(_ state: HostState, now: Double) -> [KeyboardEffect] {
    if let host, host.sessionID == state.sessionID, state.seq <= host.seq { return [] }
    if state.sessionID != sessionID {
      sessionID = state.sessionID
      dictationSeq = nil
      awaitedCommand = nil
    }
    host = state
    // NB: numbering far ahead of what the app has handled came from a forged or corrupt command: the app ignores
    // such jumps, so continue from the app's count instead.
    if lastCommandSeq - state.lastCommandSeq > SessionCommand.maxSeqJump {
      lastCommandSeq = state.lastCommandSeq
    }
    lastCommandSeq = max(lastCommandSeq, state.lastCommandSeq)
    if isStale(state, now: now) { return becomeInactiveUnlessActivating() }
    // NB: a live app holding a session is the open's answer, whatever iOS says later.
    if state.phase != .inactive { openRequestedAt = nil }
    if let awaited = awaitedCommand, state.lastCommandSeq >= awaited.seq { awaitedCommand = nil }

    switch state.phase {
    case .inactive:
      return becomeInactiveUnlessActivating()
    case .activating:
      activatingSince = activatingSince ?? now
      phase = .activating(waitingOn: state.waitingOn)
      return []
    case .standby:
      return reconcileStandby(state, now: now)
    case .interrupted:
      reconcileInterrupted(state, now: now)
      return []
    case .recording, .transcribing, .delivering:
      reconcileBusy(state, now: now)
      return []
    }
  }

  private mutating func becomeInactiveUnlessActivating() -> [KeyboardEffect] {
    if case .activating = phase { return [] }
    switch phase {
    case .listening, .interrupted, .transcribing:
      // NB: say what happened to the words: kept by the app (it had taken the start), or never recorded.
      let taken = dictationSeq.map { seq in (host?.lastCommandSeq ?? 0) >= seq } ?? false
      phase = .failed(taken ? .appStoppedDictationSaved : .appNotRunning)
    case .failed(.appCouldNotOpen), .failed(.appDidNotStart):
      break  // the way to open the app stays on screen until the user dismisses it
    default:
      phase = .inactive
    }
    dictationSeq = nil
    awaitedCommand = nil
    transcribingSince = nil
    return []
  }

  private mutating func reconcileStandby(_ state: HostState, now: Double) -> [KeyboardEffect] {
    if let context = pendingStart { return sendStart(context, now: now) }
    if awaitedCommand != nil { return [] }
    if let failure = state.failure, failure.commandSeq == dictationSeq {
      dictationSeq = nil
      transcribingSince = nil
      phase = .failed(.dictation(failure.reason))
      return []
    }
    switch phase {
    case .inactive, .activating:
      phase = .ready
    case .failed(.appDidNotStart), .failed(.appNotResponding), .failed(.appCouldNotOpen), .failed(.needsFullAccess):
      phase = .ready
    case .interrupted where dictationSeq == nil:
      phase = .ready  // the call that held the microphone ended, with no dictation of ours cut by it
    case .listening(_, let partial):
      // NB: the app ended the recording without our stop; its result or failure follows.
      transcribingSince = now
      phase = .transcribing(partialText: partial)
    case .interrupted:
      transcribingSince = now
      phase = .transcribing(partialText: "")
    case .transcribing:
      transcribingSince = transcribingSince ?? now
    case .ready, .inserted, .failed(.dictation), .failed(.appNotRunning), .failed(.appStoppedDictationSaved):
      break
    }
    return []
  }

  private mutating func reconcileBusy(_ state: HostState, now: Double) {
    pendingStart = nil
    activatingSince = nil
    if awaitedCommand != nil {
      // The app has not seen our latest tap yet: keep showing it, with the app's live level.
      if case .listening = phase, state.phase == .recording {
        phase = .listening(level: state.audioLevel, partialText: state.partialText)
        adoptLiveText(state)
      }
      return
    }
    if dictationSeq == nil { dictationSeq = state.dictationCommandSeq }
    adoptLiveText(state)
    let partial = Self.waitNote(state) ?? state.partialText
    switch state.phase {
    case .recording:
      phase = .listening(level: state.audioLevel, partialText: partial)
    default:
      if case .transcribing = phase {} else { transcribingSince = now }
      phase = .transcribing(partialText: partial)
    }
  }

  /// What the app waits on while it records or writes a dictation, in the line the panel shows where live text would
  /// be: the model still loading behind a tap (the words are recorded meanwhile), or a crash's audio being read
  /// first. Only while the host says so (`HostState.waitingOn`), and never over live text.
  static func waitNote(_ state: HostState) -> String? {
    guard state.partialText.isEmpty, state.liveText?.isEmpty ?? true else { return nil }
    if state.waitingOn.contains(.modelLoading) {
      return "Loading the speech model… your words are being recorded."
    }
    if state.waitingOn.contains(.recovering) { return "Reading your last dictation first…" }
    return nil
  }

  /// The microphone is held (a call, or iOS wants the app opened): a dictation of ours that it cut is being
  /// delivered, so the keyboard waits for its text; otherwise the pause shows only when the user asks to dictate (a
  /// delivered dictation keeps its undo), and an open pause follows the host (a call over, but the app must be opened).
  private mutating func reconcileInterrupted(_ state: HostState, now: Double) {
    let pause = MicrophonePause(waitingOn: state.waitingOn)
    switch phase {
    case .activating where pendingStart != nil:
      break  // the user is opening the app to bring the microphone back; the start goes once it is
    case .activating, .inactive:
      pendingStart = nil
      activatingSince = nil
      phase = .ready
    case .interrupted:
      phase = .interrupted(pause)
    case .listening(_, let partial):
      // NB: the call cut our dictation; its words are delivered next.
      transcribingSince = now
      phase = .transcribing(partialText: partial)
    case .transcribing where state.failure != nil && state.failure?.commandSeq == dictationSeq:
      if let failure = state.failure { phase = .failed(.dictation(failure.reason)) }
      dictationSeq = nil
      transcribingSince = nil
    case .ready, .transcribing, .inserted, .failed:
      break
    }
  }

  /// Takes the app's live text (or, from an app that predates it, its one-line partial text as confirmed words).
  private mutating func adoptLiveText(_ state: HostState) {
    liveText = state.liveText ?? LiveText(confirmed: state.partialText, revision: state.partialText.isEmpty ? 0 : 1)
  }

  /// Whether `result` would be inserted if observed now (the keyboard claims it first, and only then).
  public func wouldInsert(_ result: DictationResult, now: Double) -> Bool {
    !handledResultIDs.contains(result.id) && sessionID == result.sessionID && hostIsLive(at: now)
      && now - result.createdAt <= configuration.pendingResultWindow
  }

  /// A result another keyboard claimed: never inserted here. Acknowledged all the same, so that the app can
  /// complete it even when the keyboard that claimed it died before acknowledging it.
  mutating func claimedElsewhere(_ result: DictationResult, now: Double) -> [KeyboardEffect] {
    if handledResultIDs.contains(result.id) { return [] }
    markHandled(result.id)
    if result.commandSeq == dictationSeq {
      dictationSeq = nil
      transcribingSince = nil
    }
    return [
      .ignoredResult(id: result.id, reason: "another keyboard inserted it"),
      .send(makeCommand(.ack, now: now, resultID: result.id)),
    ]
  }

  mutating func observe(_ result: DictationResult, now: Double) -> [KeyboardEffect] {
    if handledResultIDs.contains(result.id) { return [] }
    guard let sessionID, result.sessionID == sessionID else {
      markHandled(result.id)
      return [.ignoredResult(id: result.id, reason: "belongs to another session")]
    }
    guard hostIsLive(at: now) else {
      return [.ignoredResult(id: result.id, reason: "the app's session is not live")]
    }
    guard now - result.createdAt <= configuration.pendingResultWindow else {
      markHandled(result.id)
      return [.ignoredResult(id: result.id, reason: "older than the pending window")]
    }
    markHandled(result.id)
    let ack = makeCommand(.ack, now: now, resultID: result.id)
    if result.commandSeq == dictationSeq {
      dictationSeq = nil
      transcribingSince = nil
    }
    switch phase {
    case .listening:
      break  // a newer dictation is under way; it keeps the screen
    default:
      // NB: the raw text goes where the formatted text went, so it keeps the spacing the pipeline chose.
      let lead = String(result.text.prefix { $0 == " " || $0 == "\n" })
      let raw = result.rawText.hasPrefix(lead) ? result.rawText : lead + result.rawText
      let notice = result.notice.map { String($0.prefix(DictationResult.maxNoticeLength)) }
      phase = .inserted(
        InsertedDictation(
          resultID: result.id, insertedText: result.text, formattedText: result.text, rawText: raw,
          notice: notice?.isEmpty == false ? notice : nil))
    }
    return [.insert(result.text), .send(ack)]
  }

  mutating func tick(now: Double) -> [KeyboardEffect] {
    if case .activating = phase {
      if let asked = openRequestedAt, now - asked > configuration.openAnswerTimeout {
        failOpening()
        return []
      }
      if let since = activatingSince, now - since > configuration.activationTimeout {
        pendingStart = nil
        activatingSince = nil
        phase = .failed(.appDidNotStart)
      }
      return []
    }
    guard let host else { return [] }
    if phase != .inactive, isStale(host, now: now) || host.phase == .inactive {
      return becomeInactiveUnlessActivating()
    }
    if let expiry = host.expiresAt, now >= expiry {
      switch phase {
      case .ready, .inserted, .failed: phase = .inactive
      default: break
      }
      return []
    }
    if let awaited = awaitedCommand, now - awaited.sentAt > configuration.commandTimeout {
      awaitedCommand = nil
      dictationSeq = nil
      phase = .failed(.appNotResponding)
      return []
    }
    if case .transcribing = phase, host.phase == .standby || host.phase == .interrupted, let since = transcribingSince,
      now - since > configuration.commandTimeout
    {
      // NB: the app is idle and no result came (it was unreadable or taken by another keyboard): it is in history.
      transcribingSince = nil
      dictationSeq = nil
      phase = .ready
    }
    return []
  }
}
