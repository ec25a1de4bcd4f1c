import DictationValues
import KeyboardModel
import SessionChannel
import Testing

/// The host says when a dictation waits on the model or on a crash's audio; the keyboard shows it where live text
/// would be, only in that state, and never over live text.
@Suite("Keyboard: what the app waits on while it records")
struct HostWaitNoteTests {
  @Test("a cold tap says the model is loading while the words are recorded, and stops saying it once it has loaded")
  func modelLoadingShowsOnlyWhileTrue() {
    var model = KeyboardModel.ready()
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    _ = model.handle(
      .hostStateObserved(
        Host.state(.recording, seq: 2, heartbeat: 101, lastCommandSeq: 1, dictation: 1, waitingOn: [.modelLoading]),
        now: 101))
    #expect(
      model.phase == .listening(level: nil, partialText: "Loading the speech model… your words are being recorded."))
    _ = model.handle(
      .hostStateObserved(
        Host.state(.recording, seq: 3, heartbeat: 102, lastCommandSeq: 1, dictation: 1), now: 102))
    #expect(model.phase == .listening(level: nil, partialText: ""))
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(
      .hostStateObserved(
        Host.state(.transcribing, seq: 4, heartbeat: 103, lastCommandSeq: 2, dictation: 1, waitingOn: [.recovering]),
        now: 103))
    #expect(model.phase == .transcribing(partialText: "Reading your last dictation first…"))
  }

  @Test("live text wins over the note")
  func liveTextWins() {
    var model = KeyboardModel.ready()
    _ = model.handle(.startTapped(FieldContext(), now: 101))
    let live = LiveText(confirmed: "We will", volatile: "meet", revision: 1)
    _ = model.handle(
      .hostStateObserved(
        Host.state(
          .recording, seq: 2, heartbeat: 101, lastCommandSeq: 1, dictation: 1, live: live,
          waitingOn: [.modelLoading]), now: 101))
    #expect(model.phase == .listening(level: nil, partialText: "We will meet"))
  }
}
