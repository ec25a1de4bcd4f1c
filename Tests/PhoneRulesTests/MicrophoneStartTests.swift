import PhoneRules
import Testing

@Suite("When iOS lets the microphone start")
struct MicrophoneStartTests {
  @Test("in the foreground an active session's microphone starts; in the background iOS refuses (cannotStartRecording)")
  func foregroundOnly() {
    #expect(MicrophoneStart.refusal(scene: .foreground, sessionActive: true, routeChanging: false) == nil)
    #expect(MicrophoneStart.refusal(scene: .background, sessionActive: true, routeChanging: false) == .inBackground)
    #expect(MicrophoneStart.Refusal.inBackground.description.contains("open the app"))
  }

  @Test("an inactive session has no input, and no tap goes in while a route change reconfigures the engine")
  func inactiveAndRouteChanging() {
    #expect(MicrophoneStart.refusal(scene: .foreground, sessionActive: false, routeChanging: false) == .sessionInactive)
    #expect(MicrophoneStart.refusal(scene: .foreground, sessionActive: true, routeChanging: true) == .routeChanging)
  }

  @Test("a microphone running when the app leaves keeps running; once stopped in the background it stays stopped")
  func keepsRunningButCannotRestart() throws {
    var session = StrictAudioSession()
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    try session.startMicrophone()
    session.scene = .background
    #expect(session.microphoneRunning, "UIBackgroundModes audio keeps it going")
    session.interruptionBegan()
    session.interruptionEnded()
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    #expect(throws: MicrophoneStart.Refusal.inBackground) { try session.startMicrophone() }
    session.scene = .foreground
    try session.startMicrophone()
    #expect(session.microphoneRunning, "opening the app brings it back")
  }
}
