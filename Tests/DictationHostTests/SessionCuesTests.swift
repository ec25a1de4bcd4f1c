import DictationHost
import SessionChannel
import Testing

@Suite("The cues the app plays as a dictation goes")
struct SessionCuesTests {
  static func state(
    _ seq: Int, _ phase: HostPhase, result: String? = nil, failure: DictationFailure? = nil
  ) -> HostState {
    var state = HostState(seq: seq, sessionID: "s1", phase: phase, heartbeat: Double(seq))
    state.lastResultID = result
    state.failure = failure.map { HostFailure(reason: $0, commandSeq: 1) }
    return state
  }

  @Test(
    "start, stop, delivered; a call that cuts a dictation gives its stop and delivery once; a failure is its own cue")
  func cues() {
    var cues = SessionCues()
    let steps: [(HostState, [SessionCue])] = [
      (Self.state(1, .activating), []),
      (Self.state(2, .standby), []),
      (Self.state(3, .recording), [.started]),
      (Self.state(3, .recording), []),
      (Self.state(4, .transcribing), [.stopped]),
      (Self.state(5, .delivering), []),
      (Self.state(6, .interrupted, result: "s1-0"), [.delivered]),
      (Self.state(7, .standby, result: "s1-0"), []),
      (Self.state(8, .recording, result: "s1-0"), [.started]),
      (Self.state(9, .transcribing, result: "s1-0"), [.stopped]),
      (Self.state(10, .delivering, result: "s1-0"), []),
      (Self.state(11, .standby, result: "s1-1"), [.delivered]),
      (Self.state(12, .recording, result: "s1-1"), [.started]),
      (Self.state(13, .transcribing, result: "s1-1"), [.stopped]),
      (Self.state(14, .standby, result: "s1-1", failure: .nothingHeard), [.failed]),
      (Self.state(15, .inactive), []),
    ]
    for (state, expected) in steps {
      #expect(cues.observe(state) == expected, "state \(state.seq) \(state.phase)")
    }
  }
}
