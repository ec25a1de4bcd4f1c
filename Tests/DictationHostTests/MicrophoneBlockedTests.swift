import DictationHost
import DictationValues
import SessionChannel
import Testing

@Suite("What holds the microphone, as the host publishes it")
struct MicrophoneBlockedTests {
  @Test("a call: the keyboard reads 'audio-session'; iOS refusing the restart in the background: 'app-in-foreground'")
  func callThenForeground() {
    var model = HostModel.standby()
    _ = model.handle(.interruptionBegan)
    #expect(model.phase == .interrupted)
    #expect(model.waitingOn == [.audioSession])
    #expect(model.handle(.microphoneBlocked(.foreground)).isEmpty)
    #expect(model.phase == .interrupted)
    #expect(model.waitingOn == [.foreground], "the call is over; only opening the app brings the microphone back")
    #expect(model.handle(.command(command(.start, 2), now: 3)).isEmpty, "a tap records nothing meanwhile")
    _ = model.handle(.interruptionEnded(now: 4))
    #expect(model.phase == .standby)
    #expect(model.waitingOn.isEmpty)
    #expect(model.handle(.command(command(.start, 3), now: 5)).count == 1, "the app opened: the next tap records")
  }

  @Test("a microphone stopped in the background mid-dictation: its words are delivered, then the app must be opened")
  func stoppedMidDictation() throws {
    var model = HostModel.recording()
    var dictation = try #require(model.dictation)
    dictation.cutShort = .microphoneNeedsApp
    #expect(model.handle(.microphoneBlocked(.foreground)) == [.finishDictation(dictation)])
    #expect(model.waitingOn.isEmpty, "while its words are read the host is transcribing, not interrupted")
    _ = model.handle(.delivered(dictationID: dictation.id, now: 3))
    #expect(model.lastResultID == dictation.id)
    #expect(model.phase == .interrupted)
    #expect(model.waitingOn == [.foreground])
  }

  @Test("a muted microphone (an iPad's cover) says so, and is not called a call")
  func muted() {
    var model = HostModel.standby()
    _ = model.handle(.microphoneBlocked(.microphoneMuted))
    #expect(model.waitingOn == [.microphoneMuted])
  }
}
