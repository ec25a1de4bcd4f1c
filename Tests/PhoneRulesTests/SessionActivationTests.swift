import PhoneRules
import Testing

@Suite("Which audio-session options apply only at activation")
struct SessionActivationTests {
  @Test("ducking and mixing are decided when the session is activated; the route options at once")
  func timing() {
    #expect(SessionActivation.timing(of: .duckOthers) == .atActivation)
    #expect(SessionActivation.timing(of: .mixWithOthers) == .atActivation)
    #expect(SessionActivation.timing(of: .bluetoothHandsFree) == .atOnce)
    #expect(
      SessionActivation.activationOptions([.duckOthers, .bluetoothMusic, .defaultToSpeaker]) == [.duckOthers])
  }

  @Test("switching ducking on an active session lowers nothing; activating it again does, and deactivating lifts it")
  func duckingOnlyAtActivation() throws {
    var session = StrictAudioSession()
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    try session.startMicrophone()
    _ = session.configure(options: [.duckOthers], prefersHeadset: false, active: true)
    #expect(!session.ducksOthers, "set on an active session, ducking waits for the next activation")
    _ = session.configure(options: [.duckOthers], prefersHeadset: false, active: false)
    #expect(!session.microphoneRunning, "deactivating stops the running microphone")
    _ = session.configure(options: [.duckOthers], prefersHeadset: false, active: true)
    #expect(session.ducksOthers)
    _ = session.configure(options: [.mixWithOthers], prefersHeadset: false, active: true)
    #expect(session.ducksOthers, "cleared on an active session, the ducking goes on until deactivation")
  }
}
