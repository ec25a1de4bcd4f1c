import DictationValues
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import Testing

@Suite("Keyboard: a dictation from tap to insertion")
struct KeyboardDictationTests {
  @Test("a fresh keyboard with no session shows inactive; tapping the mic opens the app and starts once it is ready")
  func startWithoutSession() {
    var model = KeyboardModel()
    #expect(model.phase == .inactive)
    let context = FieldContext(textBeforeCursor: "Note:", keyboardType: "default")
    #expect(model.handle(.startTapped(context, now: 10)) == [.openContainingApp])
    #expect(model.phase == .activating(waitingOn: []))

    _ = model.handle(
      .hostStateObserved(Host.state(.activating, seq: 1, heartbeat: 11, waitingOn: [.modelLoading]), now: 11))
    #expect(model.phase == .activating(waitingOn: [.modelLoading]))

    let effects = model.handle(.hostStateObserved(Host.state(.standby, seq: 2, heartbeat: 12), now: 12))
    let commands = KeyboardModel.commands(effects)
    #expect(commands.map(\.kind) == [.start])
    #expect(commands.first?.context == context)
    #expect(commands.first?.sessionID == "s1")
    #expect(commands.first?.seq == 1)
    #expect(model.phase == .listening(level: nil, partialText: ""))
  }

  @Test("in a live session one tap sends start with the field context and the next sequence number")
  func oneTapStart() {
    var model = KeyboardModel.ready(lastCommandSeq: 41)
    #expect(model.phase == .ready)
    let effects = model.handle(.startTapped(FieldContext(textBeforeCursor: "Hi"), now: 101))
    let command = KeyboardModel.commands(effects).first
    #expect(command?.kind == .start)
    #expect(command?.seq == 42)
    #expect(command?.context?.textBeforeCursor == "Hi")
    #expect(model.phase == .listening(level: nil, partialText: ""))
  }

  @Test("while listening the keyboard shows the app's audio level and live text")
  func liveLevelAndPartialText() {
    var model = KeyboardModel.listening()
    _ = model.handle(
      .hostStateObserved(
        Host.state(
          .recording, seq: 3, heartbeat: 102, lastCommandSeq: 1, dictation: 1, level: -20,
          live: LiveText(confirmed: "so far", revision: 1)),
        now: 102))
    #expect(model.phase == .listening(level: -20, partialText: "so far"))
  }

  @Test("live text: confirmed and volatile words follow the app's revisions, and the inserted text replaces them")
  func liveTextReplacedByFinal() {
    var model = KeyboardModel.listening()
    let first = LiveText(confirmed: "", volatile: "we will", revision: 1)
    let second = LiveText(confirmed: "We will meet", volatile: "at the", revision: 2)
    _ = model.handle(
      .hostStateObserved(
        Host.state(.recording, seq: 3, heartbeat: 102, lastCommandSeq: 1, dictation: 1, live: first), now: 102))
    #expect(model.liveText == first)
    _ = model.handle(
      .hostStateObserved(
        Host.state(.recording, seq: 4, heartbeat: 102.5, lastCommandSeq: 1, dictation: 1, live: second), now: 102.5))
    #expect(model.liveText == second)
    #expect(model.phase == .listening(level: nil, partialText: "We will meet at the"))
    _ = model.handle(.stopTapped(now: 103))
    #expect(model.liveText == second, "shown while the last words are read")

    let result = Host.result("s1-1", commandSeq: 1, text: "We will meet at the station.", at: 104)
    #expect(model.handle(.resultObserved(result, now: 104)).first == .insert("We will meet at the station."))
    #expect(model.liveText.isEmpty)
    _ = model.handle(.startTapped(FieldContext(textBeforeCursor: ""), now: 105))
    #expect(model.liveText.isEmpty, "a new dictation starts without the last one's words")
  }

  @Test("stop shows transcribing; the result is inserted once and acknowledged by id")
  func stopInsertAck() {
    var model = KeyboardModel.listening()
    let stop = KeyboardModel.commands(model.handle(.stopTapped(now: 103)))
    #expect(stop.map(\.kind) == [.stop])
    #expect(model.phase == .transcribing(partialText: ""))
    _ = model.handle(
      .hostStateObserved(Host.state(.transcribing, seq: 3, heartbeat: 103, lastCommandSeq: 2, dictation: 1), now: 103))
    #expect(model.phase.name == "transcribing")

    let result = Host.result("s1-1", commandSeq: 1, text: "Hello there.", raw: "hello there", at: 104)
    let effects = model.handle(.resultObserved(result, now: 104))
    #expect(effects.first == .insert("Hello there."))
    let ack = KeyboardModel.commands(effects).first
    #expect(ack?.kind == .ack)
    #expect(ack?.resultID == "s1-1")
    #expect(model.phase.name == "inserted")

    #expect(model.handle(.resultObserved(result, now: 105)).isEmpty)
  }

  @Test("undo removes exactly the inserted text and returns to ready")
  func undo() {
    var model = KeyboardModel.inserted()
    #expect(model.handle(.undoTapped) == [.replaceInserted(old: "Hello there.", new: "")])
    #expect(model.phase == .ready)
    #expect(model.handle(.undoTapped).isEmpty)
  }

  @Test("use raw text replaces the formatted text with what the engine heard, once")
  func useRawText() {
    var model = KeyboardModel.inserted()
    #expect(model.handle(.useRawTapped) == [.replaceInserted(old: "Hello there.", new: "hello there")])
    #expect(model.handle(.useRawTapped).isEmpty)
    #expect(model.handle(.undoTapped) == [.replaceInserted(old: "hello there", new: "")])
  }

  @Test("typing after an insertion withdraws undo")
  func typingWithdrawsUndo() {
    var model = KeyboardModel.inserted()
    #expect(model.handle(.userTyped).isEmpty)
    #expect(model.phase == .ready)
    #expect(model.handle(.undoTapped).isEmpty)
  }

  @Test("cancel while listening sends cancel and returns to ready without waiting")
  func cancel() {
    var model = KeyboardModel.listening()
    #expect(KeyboardModel.commands(model.handle(.cancelTapped(now: 102))).map(\.kind) == [.cancel])
    #expect(model.phase == .ready)
  }

  @Test("cancel while the text is written: the keys stay while the app finishes it, and its text is never inserted")
  func cancelWhileWriting() {
    var model = KeyboardModel.listening()
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(
      .hostStateObserved(Host.state(.delivering, seq: 3, heartbeat: 104, lastCommandSeq: 2, dictation: 1), now: 104))
    #expect(model.phase == .transcribing(partialText: ""))
    #expect(KeyboardModel.commands(model.handle(.cancelTapped(now: 105))).map(\.kind) == [.cancel])
    #expect(model.phase == .ready)
    // The app has read the cancel and still writes the text: the keyboard does not take it up again.
    _ = model.handle(
      .hostStateObserved(Host.state(.delivering, seq: 4, heartbeat: 106, lastCommandSeq: 3, dictation: 1), now: 106))
    #expect(model.phase == .ready)
    // Published before the cancel reached the app: refused, and withdrawn by name.
    let effects = model.handle(
      .resultObserved(Host.result("s1-1", commandSeq: 1, text: "Hello there.", at: 106), now: 106))
    #expect(!effects.contains { if case .insert = $0 { true } else { false } })
    let withdraw = KeyboardModel.commands(effects)
    #expect(withdraw.map(\.kind) == [.cancel] && withdraw.first?.resultID == "s1-1")
    #expect(model.phase == .ready)
    #expect(
      model.handle(.resultObserved(Host.result("s1-1", commandSeq: 1, text: "Hello there.", at: 107), now: 107))
        .isEmpty, "once")
  }

  @Test("a dictation that ended with 'press enter' is inserted and then return is pressed; undo is not offered")
  func pressEnter() {
    var model = KeyboardModel.listening()
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 104, lastCommandSeq: 2), now: 104))
    var result = Host.result("s1-1", commandSeq: 1, text: "See you then.", raw: "see you then, press enter", at: 104)
    result.pressesReturn = true
    let effects = model.handle(.resultObserved(result, now: 104))
    #expect(Array(effects.prefix(2)) == [.insert("See you then."), .pressReturn])
    #expect(KeyboardModel.commands(effects).map(\.kind) == [.ack])
    #expect(model.handle(.undoTapped).isEmpty, "the text may be sent: nothing to undo")
    guard case .inserted(let inserted) = model.phase else {
      Issue.record("\(model.phase)")
      return
    }
    #expect(inserted.pressedReturn && !inserted.canUseRawText)
  }

  @Test("a translated dictation shows what was said under it; undo puts that back, a second undo removes it")
  func translatedUndo() {
    var model = KeyboardModel.listening()
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 104, lastCommandSeq: 2), now: 104))
    var result = Host.result("s1-1", commandSeq: 1, text: "See you tomorrow.", raw: "à demain", at: 104)
    result.original = "À demain."
    _ = model.handle(.resultObserved(result, now: 104))
    guard case .inserted(let inserted) = model.phase else {
      Issue.record("\(model.phase)")
      return
    }
    #expect(inserted.notice == "You said: “À demain.” · Undo puts it back")
    #expect(model.handle(.undoTapped) == [.replaceInserted(old: "See you tomorrow.", new: "À demain.")])
    #expect(model.handle(.undoTapped) == [.replaceInserted(old: "À demain.", new: "")])
    #expect(model.phase == .ready)
  }

  @Test("a second dictation starts from inserted and gets its own result, never the first one again")
  func twoInARow() {
    var model = KeyboardModel.inserted()
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 4, heartbeat: 110, lastCommandSeq: 3), now: 110))
    let start = KeyboardModel.commands(
      model.handle(.startTapped(FieldContext(textBeforeCursor: "Hello there."), now: 110)))
    #expect(start.first?.seq == 4)
    let first = Host.result("s1-1", commandSeq: 1, text: "Hello there.", at: 104)
    #expect(model.handle(.resultObserved(first, now: 111)).isEmpty)
    _ = model.handle(
      .hostStateObserved(Host.state(.recording, seq: 5, heartbeat: 111, lastCommandSeq: 4, dictation: 4), now: 111))
    _ = model.handle(.stopTapped(now: 112))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 6, heartbeat: 113, lastCommandSeq: 5), now: 113))
    let second = Host.result("s1-4", commandSeq: 4, text: " Bye.", at: 113)
    #expect(model.handle(.resultObserved(second, now: 113)).first == .insert(" Bye."))
  }

  @Test("the app's failure for this dictation shows its message")
  func failureShown() {
    var model = KeyboardModel.listening()
    _ = model.handle(.stopTapped(now: 103))
    let failure = HostFailure(reason: .nothingHeard, commandSeq: 1)
    _ = model.handle(
      .hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 104, lastCommandSeq: 2, failure: failure), now: 104))
    #expect(model.phase == .failed(.dictation(.nothingHeard, cause: nil)))
    #expect(!KeyboardProblem.dictation(.nothingHeard, cause: nil).message.isEmpty)
    #expect(
      KeyboardProblem.dictation(.transcriptionFailed, cause: "OpenAI rejected the API key").message
        == "Couldn't transcribe that: OpenAI rejected the API key. Your audio is kept in Utter's history.")
    #expect(model.handle(.errorDismissed(now: 104)).isEmpty)
    #expect(model.phase == .ready)
  }

  @Test("end session tells the app and shows inactive")
  func endSession() {
    var model = KeyboardModel.ready()
    #expect(KeyboardModel.commands(model.handle(.endSessionTapped(now: 101))).map(\.kind) == [.endSession])
    #expect(model.phase == .inactive)
  }
}
