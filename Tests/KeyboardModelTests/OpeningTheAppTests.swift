import DictationValues
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import Testing

@Suite("Keyboard: opening the app, and what the keyboard says when iOS will not")
struct OpeningTheAppTests {
  /// A keyboard with no session whose mic was tapped at time 10.
  static func tapped() -> KeyboardModel {
    var model = KeyboardModel()
    #expect(model.handle(.startTapped(FieldContext(textBeforeCursor: "Hi"), now: 10)) == [.openContainingApp])
    return model
  }

  @Test("iOS refusing to open the app shows one line saying how to open it, and drops the waiting tap")
  func refusedOpen() {
    var model = Self.tapped()
    #expect(model.handle(.appOpenAnswered(opened: false, now: 10.2)) == [])
    #expect(model.phase == .failed(.appCouldNotOpen))
    #expect(model.phase.name == "error")
    if case .failed(let problem) = model.phase {
      #expect(problem.message == "Open Utter, then swipe back to this app.")
    }
    // The user opens Utter by hand and comes back: the keyboard is ready, and the old tap does not start recording.
    let effects = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 30), now: 30))
    #expect(effects == [])
    #expect(model.phase == .ready)
  }

  @Test("no answer from iOS within the open timeout shows the same line; a late answer changes nothing")
  func unansweredOpen() {
    var model = Self.tapped()
    _ = model.handle(.tick(now: 12.9))
    #expect(model.phase == .activating(waitingOn: []))
    _ = model.handle(.tick(now: 13.1))
    #expect(model.phase == .failed(.appCouldNotOpen))
    _ = model.handle(.appOpenAnswered(opened: true, now: 14))
    #expect(model.phase == .failed(.appCouldNotOpen))
  }

  @Test("an open iOS confirms keeps the tap: the dictation starts once the app is ready")
  func confirmedOpen() {
    var model = Self.tapped()
    _ = model.handle(.appOpenAnswered(opened: true, now: 10.3))
    _ = model.handle(.tick(now: 15))
    #expect(model.phase == .activating(waitingOn: []))
    let effects = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 16), now: 16))
    #expect(KeyboardModel.commands(effects).map(\.kind) == [.start])
    #expect(model.phase == .listening(level: nil, partialText: ""))
  }

  @Test("the app showing up answers the open even when iOS's answer never comes (the keyboard was suspended)")
  func appShowsUpFirst() {
    var model = Self.tapped()
    _ = model.handle(
      .hostStateObserved(Host.state(.activating, seq: 1, heartbeat: 11, waitingOn: [.modelLoading]), now: 11))
    _ = model.handle(.tick(now: 18))
    #expect(model.phase == .activating(waitingOn: [.modelLoading]))
    _ = model.handle(.appOpenAnswered(opened: false, now: 18.5))
    #expect(model.phase == .activating(waitingOn: [.modelLoading]))
  }

  @Test("the line stays while the app is away and goes when dismissed")
  func lineStaysUntilDismissed() {
    var model = KeyboardModel()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 0), now: 0))
    _ = model.handle(.tick(now: 10))
    #expect(model.phase == .inactive)  // the old session's heartbeat is stale
    _ = model.handle(.startTapped(FieldContext(), now: 10))
    _ = model.handle(.appOpenAnswered(opened: false, now: 10.1))
    _ = model.handle(.tick(now: 11))
    #expect(model.phase == .failed(.appCouldNotOpen))
    _ = model.handle(.errorDismissed(now: 12))
    #expect(model.phase == .inactive)
  }

  @Test("cancelling while the app opens forgets the open: a late refusal shows nothing")
  func cancelledOpen() {
    var model = Self.tapped()
    _ = model.handle(.cancelTapped(now: 10.1))
    _ = model.handle(.appOpenAnswered(opened: false, now: 10.2))
    _ = model.handle(.tick(now: 20))
    #expect(model.phase != .failed(.appCouldNotOpen))
  }
}
