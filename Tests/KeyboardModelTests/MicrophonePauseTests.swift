import DictationValues
import KeyboardModel
import SessionChannel
import Testing

@Suite("Keyboard: what it says while something holds the microphone")
struct MicrophonePauseTests {
  /// Session `s1` interrupted at `time`, held by `waitingOn`.
  static func interrupted(seq: Int, at time: Double, waitingOn: [HostPrecondition], lastCommandSeq: Int = 2)
    -> HostState
  {
    Host.state(.interrupted, seq: seq, heartbeat: time, lastCommandSeq: lastCommandSeq, waitingOn: waitingOn)
  }

  @Test("a call cuts the dictation: its words go in and stay with undo; no paused message over them, no dead ✓")
  func deliveredDictationIsNotPaused() {
    var model = KeyboardModel.listening()
    // The host stopped the recording for the call and wrote the result; its interrupted state may come first.
    _ = model.handle(
      .hostStateObserved(Self.interrupted(seq: 3, at: 102, waitingOn: [.audioSession], lastCommandSeq: 1), now: 102))
    #expect(model.phase == .transcribing(partialText: ""), "its words are on their way")
    let result = Host.result("s1-1", commandSeq: 1, text: "Before the call.", at: 102)
    #expect(model.handle(.resultObserved(result, now: 102.5)).first == .insert("Before the call."))
    _ = model.handle(
      .hostStateObserved(Self.interrupted(seq: 4, at: 103, waitingOn: [.audioSession], lastCommandSeq: 1), now: 103))
    guard case .inserted(let inserted) = model.phase else {
      Issue.record("the delivered dictation keeps the screen, not \(model.phase)")
      return
    }
    #expect(inserted.insertedText == "Before the call.")
    #expect(model.handle(.stopTapped(now: 104)).isEmpty, "no ✓ that sends nothing the app can act on")
  }

  @Test("a tap during a call says a call has the microphone; when the call ends the keyboard is ready again")
  func tapDuringACall() {
    var model = KeyboardModel.ready(lastCommandSeq: 2)
    _ = model.handle(.hostStateObserved(Self.interrupted(seq: 2, at: 101, waitingOn: [.audioSession]), now: 101))
    #expect(model.phase == .ready, "nothing covers the keys until the user asks to dictate")
    #expect(model.handle(.startTapped(FieldContext(), now: 102)).isEmpty, "nothing is sent: nothing can record")
    #expect(model.phase == .interrupted(.call))
    #expect(MicrophonePause.call.message.contains("call"))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 103, lastCommandSeq: 2), now: 103))
    #expect(model.phase == .ready)
  }

  @Test("after a call in the background the keyboard says to open Utter, and a tap opens it and then records")
  func openTheAppAfterACall() {
    var model = KeyboardModel.ready(lastCommandSeq: 2)
    _ = model.handle(.hostStateObserved(Self.interrupted(seq: 2, at: 101, waitingOn: [.audioSession]), now: 101))
    _ = model.handle(.startTapped(FieldContext(), now: 102))
    #expect(model.phase == .interrupted(.call))
    _ = model.handle(.hostStateObserved(Self.interrupted(seq: 3, at: 103, waitingOn: [.foreground]), now: 103))
    #expect(model.phase == .interrupted(.needsApp), "the call is over, but iOS will not restart the microphone")
    #expect(MicrophonePause.needsApp.message.contains("Open Utter"))
    #expect(model.handle(.startTapped(FieldContext(textBeforeCursor: "Hi"), now: 104)) == [.openContainingApp])
    _ = model.handle(.hostStateObserved(Self.interrupted(seq: 4, at: 104.5, waitingOn: [.foreground]), now: 104.5))
    #expect(model.phase == .activating(waitingOn: []), "the tap waits while the app comes forward")
    let effects = model.handle(
      .hostStateObserved(Host.state(.standby, seq: 5, heartbeat: 105, lastCommandSeq: 2), now: 105))
    #expect(KeyboardModel.commands(effects).map(\.kind) == [.start], "the app on screen: the tap records")
  }

  @Test("back to the keys leaves the pause; the host's reasons name the pause")
  func pauses() {
    var model = KeyboardModel.ready(lastCommandSeq: 2)
    _ = model.handle(.hostStateObserved(Self.interrupted(seq: 2, at: 101, waitingOn: [.microphoneMuted]), now: 101))
    _ = model.handle(.startTapped(FieldContext(), now: 102))
    #expect(model.phase == .interrupted(.muted))
    #expect(model.handle(.cancelTapped(now: 103)).isEmpty)
    #expect(model.phase == .ready)
    #expect(MicrophonePause(waitingOn: []) == .call, "an app that names nothing held it for a call")
  }
}
