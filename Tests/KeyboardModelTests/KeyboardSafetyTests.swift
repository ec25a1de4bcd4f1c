import DictationValues
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import Testing

@Suite("Keyboard: stale sessions, pending results and invalid events")
struct KeyboardSafetyTests {
  @Test("a keyboard that took its numbering from a forged command (seq 2^52) resynchronises with the app's count")
  func resynchronisesAfterForgedSeq() {
    var model = KeyboardModel(lastCommandSeq: 1 << 52)
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100, lastCommandSeq: 4), now: 100))
    let effects = model.handle(.startTapped(FieldContext(), now: 101))
    let sent = effects.compactMap { effect -> SessionCommand? in
      if case .send(let command) = effect { return command }
      return nil
    }
    #expect(sent.map(\.seq) == [5], "the next command follows the app's count, so the app takes it")
  }

  @Test("a result of another session is never inserted")
  func otherSessionResult() {
    var model = KeyboardModel.ready()
    let stale = Host.result("old-1", session: "old", commandSeq: 1, text: "stale", at: 100)
    let effects = model.handle(.resultObserved(stale, now: 100))
    #expect(!effects.contains(.insert("stale")))
    #expect(model.phase == .ready)
  }

  @Test("an unacknowledged result of the live session is inserted when the keyboard appears, once")
  func pendingResultPickedUp() {
    var model = KeyboardModel(lastCommandSeq: 5)
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 9, heartbeat: 200, lastCommandSeq: 5), now: 200))
    let pending = Host.result("s1-3", commandSeq: 3, text: "Left behind.", at: 190)
    #expect(model.handle(.resultObserved(pending, now: 200)).first == .insert("Left behind."))
    #expect(model.handle(.resultObserved(pending, now: 201)).isEmpty)
  }

  @Test("a result older than the pending window is not inserted")
  func expiredPendingResult() {
    var model = KeyboardModel.ready()
    let old = Host.result("s1-1", commandSeq: 1, text: "too old", at: 100)
    let effects = model.handle(.resultObserved(old, now: 100 + 121))
    #expect(!effects.contains(.insert("too old")))
  }

  @Test("results acknowledged in an earlier launch are not inserted again")
  func acknowledgedEarlier() {
    var model = KeyboardModel(lastCommandSeq: 2, acknowledgedResultIDs: ["s1-1"])
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100, lastCommandSeq: 2), now: 100))
    #expect(model.handle(.resultObserved(Host.result("s1-1", commandSeq: 1, text: "x", at: 99), now: 100)).isEmpty)
  }

  @Test("a stale heartbeat ends a phantom recording, saying what became of the words")
  func staleHeartbeat() {
    var model = KeyboardModel.listening()
    #expect(model.handle(.tick(now: 103.9)).isEmpty)
    #expect(model.phase.name == "listening")
    _ = model.handle(.tick(now: 104.5))
    #expect(model.phase == .failed(.appStoppedDictationSaved))
  }

  @Test("a state file with an old heartbeat shows inactive even when it says recording")
  func staleStateOnArrival() {
    var model = KeyboardModel()
    _ = model.handle(.hostStateObserved(Host.state(.recording, seq: 4, heartbeat: 50, dictation: 1), now: 100))
    #expect(model.phase == .inactive)
  }

  @Test("the session expiring shows inactive")
  func expiry() {
    var model = KeyboardModel()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100, expiresAt: 101), now: 100))
    #expect(model.phase == .ready)
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 2, heartbeat: 101.5, expiresAt: 101), now: 101.5))
    _ = model.handle(.tick(now: 101.6))
    #expect(model.phase == .inactive)
  }

  @Test("an app that never becomes ready leads to an error saying so")
  func activationTimeout() {
    var model = KeyboardModel()
    _ = model.handle(.startTapped(FieldContext(), now: 0))
    _ = model.handle(.appOpenAnswered(opened: true, now: 0.5))
    _ = model.handle(.tick(now: 19))
    #expect(model.phase.name == "activating")
    _ = model.handle(.tick(now: 21))
    #expect(model.phase == .failed(.appDidNotStart))
  }

  @Test("an app that is alive but ignores a command leads to a not-responding error")
  func commandTimeout() {
    var model = KeyboardModel.ready()
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 2, heartbeat: 105, lastCommandSeq: 0), now: 105))
    #expect(model.phase.name == "listening")
    _ = model.handle(.tick(now: 106.5))
    #expect(model.phase == .failed(.appNotResponding))
  }

  @Test("an older state file arriving late is ignored")
  func outOfOrderState() {
    var model = KeyboardModel.listening()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 101, lastCommandSeq: 1), now: 101))
    #expect(model.phase.name == "listening")
  }

  @Test("the keyboard keeps showing its tap until the app has handled the command")
  func optimisticUntilHandled() {
    var model = KeyboardModel.ready()
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 2, heartbeat: 101.1, lastCommandSeq: 0), now: 101.1))
    #expect(model.phase.name == "listening")
  }

  static let invalidCases: [(String, KeyboardModel, KeyboardEvent)] = [
    ("stop while ready", .ready(), .stopTapped(now: 100)),
    ("cancel while ready", .ready(), .cancelTapped(now: 100)),
    ("undo while ready", .ready(), .undoTapped),
    ("use raw while ready", .ready(), .useRawTapped),
    ("start while listening", .listening(), .startTapped(FieldContext(), now: 102)),
    ("undo while listening", .listening(), .undoTapped),
    ("dismiss error while listening", .listening(), .errorDismissed(now: 102)),
    ("stop while inactive", KeyboardModel(), .stopTapped(now: 1)),
    ("cancel while inactive", KeyboardModel(), .cancelTapped(now: 1)),
    ("end session while inactive", KeyboardModel(), .endSessionTapped(now: 1)),
    ("typing while listening", .listening(), .userTyped),
    ("stop while inserted", .inserted(), .stopTapped(now: 105)),
  ]

  @Test("invalid events change nothing and do nothing", arguments: invalidCases.indices)
  func invalidEvents(_ index: Int) {
    let (name, before, event) = Self.invalidCases[index]
    var model = before
    let effects = model.handle(event)
    #expect(effects.isEmpty, "\(name)")
    #expect(model == before, "\(name)")
  }
}

@Suite("Keyboard: results another keyboard claimed")
struct KeyboardClaimTests {
  @Test("a result claimed by another keyboard is never inserted here, only acknowledged, once")
  func claimedElsewhereIsAcknowledgedNotInserted() {
    var model = KeyboardModel.ready()
    let result = Host.result("s1-1", commandSeq: 1, text: "Elsewhere.", at: 100)
    let effects = model.handle(.resultClaimedElsewhere(result, now: 101))
    #expect(!effects.contains(.insert("Elsewhere.")))
    #expect(
      effects.contains { if case .send(let command) = $0 { return command.resultID == "s1-1" } else { return false } })
    #expect(model.handle(.resultObserved(result, now: 102)).isEmpty, "handled: not inserted later either")
  }
}

@Suite("Keyboard: the app stopping")
struct KeyboardAppStoppedTests {
  @Test("the app dying mid-dictation it had taken: the keyboard says the dictation was saved")
  func appDiedAfterTakingDictation() {
    var model = KeyboardModel.listening()
    _ = model.handle(.tick(now: 110))
    #expect(model.phase == .failed(.appStoppedDictationSaved))
    #expect(KeyboardProblem.appStoppedDictationSaved.message == "Utter stopped. Your dictation was saved in Utter.")
    _ = model.handle(.tick(now: 111))
    #expect(model.phase == .failed(.appStoppedDictationSaved), "the message stays on screen, not for one tick")
    _ = model.handle(.errorDismissed(now: 112))
    #expect(model.phase.micAction(fullAccess: true) == .openApp)
  }

  @Test("a tap the app never took (it was already gone): the keyboard says Utter isn't running, not 'ready'")
  func tapWhileAppIsGone() {
    var model = KeyboardModel.ready()
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    #expect(model.phase.name == "listening")
    _ = model.handle(.tick(now: 110))
    #expect(model.phase == .failed(.appNotRunning))
    #expect(model.phase.name == "error")
    _ = model.handle(.tick(now: 111))
    #expect(model.phase == .failed(.appNotRunning), "the message stays until dismissed")
    // The message names the key the user sees: the mic key shows an arrow that opens Utter.
    let key = model.phase.micAction(fullAccess: true)
    #expect(key == .openApp && key.look.symbol.hasPrefix("arrow"))
    #expect(
      KeyboardProblem.appNotRunning.message == "Utter isn't running. Tap the arrow key to open it, then come back.")
  }
}
