import DictationValues
import SessionChannel

extension KeyboardModel {
  mutating func tapStart(_ context: FieldContext, now: Double) -> [KeyboardEffect] {
    switch phase {
    case .inactive:
      return openApp(then: context, now: now)
    case .activating:
      pendingStart = context
      return []
    case .ready, .inserted, .failed:
      guard hostIsLive(at: now), let host else { return openApp(then: context, now: now) }
      switch host.phase {
      case .standby, .delivering:
        return sendStart(context, now: now)
      case .interrupted:
        // NB: say what holds the microphone, and what brings it back, rather than a tap that does nothing.
        phase = .interrupted(MicrophonePause(waitingOn: host.waitingOn))
        return []
      default:
        return []
      }
    case .interrupted(.needsApp):
      return openApp(then: context, now: now)  // the app on screen restarts the microphone; the start follows
    case .listening, .interrupted, .transcribing:
      return []
    }
  }

  private mutating func openApp(then context: FieldContext, now: Double) -> [KeyboardEffect] {
    pendingStart = context
    activatingSince = now
    openRequestedAt = now
    phase = .activating(waitingOn: [])
    return [.openContainingApp]
  }

  /// iOS's answer to opening the app: a refusal tells the user to open it; a late answer changes nothing.
  mutating func answerOpen(opened: Bool, now: Double) -> [KeyboardEffect] {
    guard case .activating = phase, openRequestedAt != nil else { return [] }
    openRequestedAt = nil
    if !opened { failOpening() }
    return []
  }

  mutating func failOpening() {
    stopActivating()
    phase = .failed(.appCouldNotOpen)
  }

  mutating func tapStop(now: Double) -> [KeyboardEffect] {
    switch phase {
    case .listening(_, _, let note?) where note.isAppsOwn:
      return []  // the host never takes the keyboard's stop for the app's own dictation
    case .listening(_, let partial, _):
      let command = makeCommand(.stop, now: now)
      awaitedCommand = command
      transcribingSince = now
      phase = .transcribing(partialText: partial)
      return [.send(command)]
    default:
      return []
    }
  }

  mutating func tapCancel(now: Double) -> [KeyboardEffect] {
    switch phase {
    case .interrupted:
      phase = .ready  // back to the keys: nothing was recording
      return []
    case .listening(_, _, let note?) where note.isAppsOwn:
      return []
    case .listening, .transcribing:
      let command = makeCommand(.cancel, now: now)
      awaitedCommand = command
      cancelledSeq = dictationSeq ?? host?.dictationCommandSeq
      endDictation()
      phase = .ready
      return [.send(command)]
    case .activating:
      pendingStart = nil
      openRequestedAt = nil
      return []
    default:
      return []
    }
  }

  mutating func tapUndo() -> [KeyboardEffect] {
    guard case .inserted(var dictation) = phase, !dictation.pressedReturn else { return [] }
    if let original = dictation.original {
      // The translation goes back to what was said; a second undo removes that.
      let old = dictation.insertedText
      (dictation.insertedText, dictation.original, dictation.notice) = (original, nil, nil)
      phase = .inserted(dictation)
      return [.replaceInserted(old: old, new: original)]
    }
    phase = .ready
    return [.replaceInserted(old: dictation.insertedText, new: dictation.replaced ?? "")]
  }

  mutating func tapUseRaw() -> [KeyboardEffect] {
    guard case .inserted(var dictation) = phase, dictation.canUseRawText else { return [] }
    let old = dictation.insertedText
    dictation.insertedText = dictation.rawText
    phase = .inserted(dictation)
    return [.replaceInserted(old: old, new: dictation.rawText)]
  }

  mutating func typed() -> [KeyboardEffect] {
    guard case .inserted = phase else { return [] }
    phase = .ready
    return []
  }

  mutating func tapEndSession(now: Double) -> [KeyboardEffect] {
    if phase == .inactive { return [] }
    stopActivating()
    endDictation()
    awaitedCommand = nil
    phase = .inactive
    guard sessionID != nil, hostIsLive(at: now) else { return [] }
    return [.send(makeCommand(.endSession, now: now))]
  }

  mutating func dismissError(now: Double) -> [KeyboardEffect] {
    guard case .failed = phase else { return [] }
    phase = hostIsLive(at: now) ? .ready : .inactive
    return []
  }
}
