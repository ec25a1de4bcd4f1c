import DictationValues
import KeyboardModel
import SessionChannel
import Testing

/// The mic key says what a tap will do; while listening, the line under the words names the microphone and counts
/// down to the length cap, with "Keep going".
@Suite("Keyboard: what the mic key will do, and the line under the words")
struct MicKeyTests {
  @Test(
    "a tap records over a live session, opens Utter with none, asks for Full Access without it, and finishes a dictation",
    arguments: [
      (KeyboardPhase.ready, MicAction.record), (.inactive, .openApp), (.activating(waitingOn: []), .busy),
      (.listening(level: nil, partialText: ""), .finish), (.transcribing(partialText: ""), .busy),
      (.interrupted(.call), .busy), (.interrupted(.needsApp), .openApp), (.failed(.appCouldNotOpen), .openApp),
      (.failed(.appDidNotStart), .openApp), (.failed(.appNotResponding), .record),
      (.failed(.dictation(.nothingHeard, cause: nil)), .record), (.failed(.needsFullAccess), .needsFullAccess),
    ])
  func micAction(phase: KeyboardPhase, action: MicAction) {
    #expect(phase.micAction(fullAccess: true) == action)
    #expect(phase.micAction(fullAccess: false) == .needsFullAccess)
    // With text selected, a tap that would record records an instruction for it instead.
    #expect(phase.micAction(fullAccess: true, hasSelection: true) == (action == .record ? .rewrite : action))
  }

  @Test("the key follows the session: open Utter before it, record once it is ready, ✓ while listening")
  func followsTheSession() {
    var model = KeyboardModel()
    #expect(model.phase.micAction(fullAccess: true) == .openApp)
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100), now: 100))
    #expect(model.phase.micAction(fullAccess: true) == .record)
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    #expect(model.phase.micAction(fullAccess: true) == .finish)
    _ = model.handle(.tick(now: 110))  // the app fell silent
    #expect(model.phase.micAction(fullAccess: true) == .openApp)
  }

  /// The app's state while dictation #1 records, with the microphone and the cap's countdown.
  static func recording(
    seq: Int, microphone: String? = "AirPods Pro", stopsIn: Double? = nil, canKeepGoing: Bool = true
  ) -> HostState {
    var state = Host.state(.recording, seq: seq, heartbeat: 101, lastCommandSeq: 1, dictation: 1)
    state.microphone = microphone
    state.stopsIn = stopsIn
    state.canKeepGoing = canKeepGoing
    return state
  }

  static func note(_ model: KeyboardModel) -> RecordingNote? {
    if case .listening(_, _, let note) = model.phase { note } else { nil }
  }

  @Test("listening names the microphone; near the cap it counts down in whole seconds and offers keep going")
  func noteLine() {
    var model = KeyboardModel.listening()
    #expect(Self.note(model) == nil, "the app said nothing of its microphone")
    _ = model.handle(.hostStateObserved(Self.recording(seq: 3), now: 101))
    #expect(Self.note(model)?.line == "Using AirPods Pro")
    #expect(Self.note(model)?.offersKeepGoing == false, "nothing to keep going from before the warning")
    #expect(KeyboardModel.commands(model.handle(.keepGoingTapped(now: 101))).isEmpty)

    _ = model.handle(.hostStateObserved(Self.recording(seq: 4, stopsIn: 27.2), now: 101))
    #expect(Self.note(model)?.line == "Using AirPods Pro · Stops in 0:28")
    #expect(Self.note(model)?.offersKeepGoing == true)
    _ = model.handle(.hostStateObserved(Self.recording(seq: 5, microphone: nil, stopsIn: 90), now: 101))
    #expect(Self.note(model)?.line == "Stops in 1:30")
  }

  @Test("the app's own dictation shows as Utter's: no ✓ on the mic key, and ✓ or ✗ sends nothing the app would ignore")
  func appsOwnDictation() {
    var model = KeyboardModel()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100), now: 100))
    var state = Host.state(.recording, seq: 2, heartbeat: 101, dictation: 0, live: LiveText(confirmed: "Call the"))
    state.appDictation = true
    state.microphone = "iPhone Microphone"
    _ = model.handle(.hostStateObserved(state, now: 101))
    #expect(Self.note(model)?.line == "Dictating in Utter: stop it there · Using iPhone Microphone")
    #expect(Self.note(model)?.isAppsOwn == true)
    #expect(model.phase.micAction(fullAccess: true) == .busy)
    #expect(KeyboardModel.commands(model.handle(.stopTapped(now: 102))).isEmpty)
    #expect(KeyboardModel.commands(model.handle(.cancelTapped(now: 102))).isEmpty)
    guard case .listening(_, let words, _) = model.phase else {
      Issue.record("still shows the app's dictation, not \(model.phase)")
      return
    }
    #expect(words == "Call the")

    state.microphone = nil
    state.seq = 3
    _ = model.handle(.hostStateObserved(state, now: 102))
    #expect(Self.note(model)?.line == "Dictating in Utter: stop it there", "said even with no microphone named")
    state.appDictation = nil
    state.seq = 4
    state.dictationCommandSeq = 7
    _ = model.handle(.hostStateObserved(state, now: 103))
    #expect(model.phase.micAction(fullAccess: true) == .finish, "a keyboard's dictation is finished with ✓")
  }

  @Test(
    "when the app's own dictation stops recording, the keys come back: no \"Writing…\" with a Cancel the app ignores",
    arguments: [HostPhase.transcribing, .standby, .interrupted])
  func appsOwnDictationEnds(next: HostPhase) {
    var model = KeyboardModel()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 1, heartbeat: 100), now: 100))
    var state = Host.state(.recording, seq: 2, heartbeat: 101, dictation: 0, live: LiveText(confirmed: "Call the"))
    state.appDictation = true
    _ = model.handle(.hostStateObserved(state, now: 101))
    #expect(Self.note(model)?.isAppsOwn == true)
    var after = Host.state(next, seq: 3, heartbeat: 102, dictation: next == .transcribing ? 0 : nil)
    after.appDictation = next == .transcribing ? true : nil
    _ = model.handle(.hostStateObserved(after, now: 102))
    #expect(model.phase == .ready)
    #expect(model.liveText.isEmpty)
    #expect(KeyboardModel.commands(model.handle(.cancelTapped(now: 103))).isEmpty)
  }

  @Test("a keyboard that appears while the app writes its own dictation shows the keys, not a Cancel")
  func appearsDuringAppsOwnWriting() {
    var model = KeyboardModel()
    var state = Host.state(.transcribing, seq: 1, heartbeat: 100, dictation: 0)
    state.appDictation = true
    _ = model.handle(.hostStateObserved(state, now: 100))
    #expect(model.phase == .ready)
    // A keyboard's dictation being written (as after the keyboard was reopened) can be cancelled from it: it shows.
    _ = model.handle(.hostStateObserved(Host.state(.transcribing, seq: 2, heartbeat: 101, dictation: 4), now: 101))
    guard case .transcribing = model.phase else {
      Issue.record("a dictation the keyboard can cancel, being written, shows as such, not \(model.phase)")
      return
    }
  }

  @Test("keep going sends one command while offered, keeps listening, and the second warning offers none")
  func keepGoing() throws {
    var model = KeyboardModel.listening()
    _ = model.handle(.hostStateObserved(Self.recording(seq: 3, stopsIn: 4), now: 101))
    let sent = KeyboardModel.commands(model.handle(.keepGoingTapped(now: 102)))
    #expect(sent.map(\.kind) == [.keepGoing])
    #expect(sent.first?.sessionID == "s1")
    #expect(model.phase.micAction(fullAccess: true) == .finish, "still listening")

    _ = model.handle(.hostStateObserved(Self.recording(seq: 4, stopsIn: 3, canKeepGoing: false), now: 103))
    #expect(Self.note(model)?.line == "Using AirPods Pro · Stops in 0:03")
    #expect(Self.note(model)?.offersKeepGoing == false)
    #expect(KeyboardModel.commands(model.handle(.keepGoingTapped(now: 103))).isEmpty)
  }
}
