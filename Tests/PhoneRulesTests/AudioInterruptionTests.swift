import PhoneRules
import Testing

@Suite("Why iOS interrupted the audio session")
struct AudioInterruptionTests {
  @Test("Apple's raw reasons: another session (a call, Siri), a suspension, a muted microphone, a lost route")
  func reasons() {
    #expect(InterruptionReason(rawValue: nil) == .anotherSession, "no reason key: another session, as before iOS 14.5")
    #expect(InterruptionReason(rawValue: 0) == .anotherSession)
    #expect(InterruptionReason(rawValue: 1) == .appWasSuspended)
    #expect(InterruptionReason(rawValue: 2) == .builtInMicMuted)
    #expect(InterruptionReason(rawValue: 4) == .routeDisconnected)
    #expect(InterruptionReason(rawValue: 9) == .other(9))
  }

  @Test("a suspension is reported after the fact and nothing ends it; a call's end is posted")
  func ends() {
    #expect(!InterruptionReason.appWasSuspended.endIsPosted)
    #expect(InterruptionReason.anotherSession.endIsPosted)
    #expect(InterruptionReason.builtInMicMuted.endIsPosted)
  }

  @Test("a call deactivates the session: nothing activates or records until it ends")
  func callHoldsTheSession() throws {
    var session = StrictAudioSession()
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    try session.startMicrophone()
    session.interruptionBegan()
    #expect(!session.active && !session.microphoneRunning)
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    #expect(!session.active, "the call holds the audio")
    #expect(throws: MicrophoneStart.Refusal.sessionInactive) { try session.startMicrophone() }
    session.interruptionEnded()
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    try session.startMicrophone()
    #expect(session.microphoneRunning)
  }
}
