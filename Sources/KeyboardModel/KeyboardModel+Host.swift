import DictationValues
import SessionChannel

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
    let jumped = lastCommandSeq - state.lastCommandSeq > SessionCommand.maxSeqJump
    lastCommandSeq = jumped ? state.lastCommandSeq : max(lastCommandSeq, state.lastCommandSeq)
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
      // NB: say what happened to our words: kept by the app (it had taken the start), or never recorded.
      guard let seq = dictationSeq else {
        phase = .inactive
        break
      }
      phase = .failed((host?.lastCommandSeq ?? 0) >= seq ? .appStoppedDictationSaved : .appNotRunning)
    case .failed(.appCouldNotOpen), .failed(.appDidNotStart), .failed(.appNotRunning),
      .failed(.appStoppedDictationSaved):
      break  // what happened, and the way to open the app, stay on screen until the user dismisses them
    default:
      phase = .inactive
    }
    endDictation()
    awaitedCommand = nil
    return []
  }

  private mutating func reconcileStandby(_ state: HostState, now: Double) -> [KeyboardEffect] {
    if let context = pendingStart { return sendStart(context, now: now) }
    if awaitedCommand != nil { return [] }
    if let failure = state.failure, failure.commandSeq == dictationSeq {
      endDictation()
      phase = .failed(.dictation(failure.reason, cause: failure.cause))
      return []
    }
    switch phase {
    case .inactive, .activating, .failed(.appDidNotStart), .failed(.appNotResponding), .failed(.appCouldNotOpen),
      .failed(.needsFullAccess):
      phase = .ready
    case .interrupted where dictationSeq == nil:
      phase = .ready  // the call that held the microphone ended, with no dictation of ours cut by it
    case .listening:
      recordingEnded(now: now)
    case .interrupted:
      transcribingSince = now
      phase = .transcribing(partialText: "")
    case .transcribing:
      transcribingSince = transcribingSince ?? now
    case .ready, .inserted, .failed(.dictation), .failed(.appNotRunning), .failed(.appStoppedDictationSaved),
      .failed(.selectionMayBeCut):
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
        liveText = state.liveText ?? LiveText()
        phase = .listening(level: state.audioLevel, partialText: liveText.text, note: RecordingNote(state))
      }
      return
    }
    // NB: the app writes a cancelled dictation's text to its end (one at a time) and publishes nothing: the keys stay.
    if dictationSeq == nil, let cancelledSeq, state.dictationCommandSeq == cancelledSeq { return }
    if dictationSeq == nil { dictationSeq = state.dictationCommandSeq }
    liveText = state.liveText ?? LiveText()
    let partial = Self.waitNote(state) ?? liveText.text
    switch state.phase {
    case .recording:
      phase = .listening(level: state.audioLevel, partialText: partial, note: RecordingNote(state))
    case _ where state.appDictation == true:
      appsOwnDictationEnded()
    default:
      if case .transcribing = phase {} else { transcribingSince = now }
      phase = .transcribing(partialText: partial)
    }
  }

  /// The app ended the recording without our stop (its end of speech, a call): its result or failure follows.
  private mutating func recordingEnded(now: Double) {
    guard case .listening(_, let partial, let note) = phase else { return }
    if note?.isAppsOwn == true { return appsOwnDictationEnded() }
    transcribingSince = now
    phase = .transcribing(partialText: partial)
  }

  /// The app's own dictation left the microphone: it is written for Utter, not for this field, and only Utter could
  /// cancel it, so the keys come back rather than a "Writing…" with a Cancel the app would ignore.
  private mutating func appsOwnDictationEnded() {
    endDictation()
    liveText = LiveText()
    phase = .ready
  }

  /// The line shown where live text would be while the model loads or a crash's audio is read first.
  static func waitNote(_ state: HostState) -> String? {
    guard state.liveText?.isEmpty ?? true else { return nil }
    if state.waitingOn.contains(.modelLoading) { return "Loading the speech model… your words are being recorded." }
    if state.waitingOn.contains(.recovering) { return "Reading your last dictation first…" }
    return nil
  }

  /// The microphone is held: a cut dictation is delivered next; else the pause shows when the user dictates.
  private mutating func reconcileInterrupted(_ state: HostState, now: Double) {
    let pause = MicrophonePause(waitingOn: state.waitingOn)
    switch phase {
    case .activating where pendingStart != nil:
      break  // the user is opening the app to bring the microphone back; the start goes once it is
    case .activating, .inactive:
      stopActivating()
      phase = .ready
    case .interrupted:
      phase = .interrupted(pause)
    case .listening:
      recordingEnded(now: now)  // a call cut it
    case .transcribing where state.failure != nil && state.failure?.commandSeq == dictationSeq:
      if let failure = state.failure { phase = .failed(.dictation(failure.reason, cause: failure.cause)) }
      endDictation()
    case .ready, .transcribing, .inserted, .failed:
      break
    }
  }

  /// Whether `result` would be inserted if observed now (the keyboard claims it first, and only then).
  public func wouldInsert(_ result: DictationResult, now: Double) -> Bool {
    !handledResultIDs.contains(result.id) && refusal(of: result, now: now) == nil
  }

  /// Why `result` is not inserted now, and whether that is final (it is never inserted); nil when it is inserted.
  ///
  /// NB: whether the app still holds its session does not matter: a session set to end after each dictation ends
  /// as it delivers, before the next keyboard appears for a dictation made in the widget, Siri or the Action Button
  /// (or for the keyboard's own, when the user left it while the text was written). The pending window bounds the
  /// offer, and the claim on the shared folder lets only one keyboard insert it.
  private func refusal(of result: DictationResult, now: Double) -> (reason: String, final: Bool)? {
    if result.sessionID != sessionID { return ("belongs to another session", true) }
    if now - result.createdAt > configuration.settings.pendingResultWindowSeconds {
      return ("older than the pending window", true)
    }
    return nil
  }

  /// Marks `result` handled, ends its dictation, and acknowledges it.
  private mutating func acknowledge(_ result: DictationResult, now: Double) -> KeyboardEffect {
    markHandled(result.id)
    if result.commandSeq == dictationSeq { endDictation() }
    return .send(makeCommand(.ack, now: now, resultID: result.id))
  }

  /// A result another keyboard claimed: acknowledged so that the app completes it, never inserted here.
  mutating func claimedElsewhere(_ result: DictationResult, now: Double) -> [KeyboardEffect] {
    if handledResultIDs.contains(result.id) { return [] }
    return [.ignoredResult(id: result.id, reason: "another keyboard inserted it"), acknowledge(result, now: now)]
  }

  mutating func observe(_ result: DictationResult, now: Double) -> [KeyboardEffect] {
    if handledResultIDs.contains(result.id) { return [] }
    if result.sessionID == sessionID, let cancelledSeq, result.commandSeq == cancelledSeq {
      // NB: published before the cancel reached the app: never inserted, and withdrawn so no keyboard offers it.
      markHandled(result.id)
      return [
        .ignoredResult(id: result.id, reason: "its user cancelled it"),
        .send(makeCommand(.cancel, now: now, resultID: result.id)),
      ]
    }
    if let refusal = refusal(of: result, now: now) {
      if refusal.final { markHandled(result.id) }
      return [.ignoredResult(id: result.id, reason: refusal.reason)]
    }
    let ack = acknowledge(result, now: now)
    switch phase {
    case .listening:
      break  // a newer dictation is under way; it keeps the screen
    default:
      // NB: the raw text goes where the formatted text went, so it keeps the spacing the pipeline chose.
      let lead = String(result.text.prefix { $0 == " " || $0 == "\n" })
      let raw = result.rawText.hasPrefix(lead) ? result.rawText : lead + result.rawText
      let said = result.original.map {
        "You said: “\($0.trimmingCharacters(in: .whitespacesAndNewlines))” · Undo puts it back"
      }
      let notice =
        [said, result.notice].compactMap { $0 }.joined(separator: " · ")
        .prefix(DictationResult.maxNoticeLength).description as String?
      phase = .inserted(
        InsertedDictation(
          resultID: result.id, insertedText: result.text, formattedText: result.text, rawText: raw,
          notice: notice?.isEmpty == false ? notice : nil, replaced: result.selection,
          pressedReturn: result.pressesReturn == true, original: result.original))
    }
    return [.insert(result.text)] + (result.pressesReturn == true ? [.pressReturn] : []) + [ack]
  }

  mutating func tick(now: Double) -> [KeyboardEffect] {
    if case .activating = phase {
      if let asked = openRequestedAt, now - asked > configuration.openAnswerTimeout {
        failOpening()
        return []
      }
      if let since = activatingSince, now - since > configuration.activationTimeout {
        stopActivating()
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
      endDictation()
      phase = .failed(.appNotResponding)
      return []
    }
    if case .transcribing = phase, host.phase == .standby || host.phase == .interrupted, let since = transcribingSince,
      now - since > configuration.commandTimeout
    {
      // NB: the app is idle and no result came (it was unreadable or taken by another keyboard): it is in history.
      endDictation()
      phase = .ready
    }
    return []
  }
}
