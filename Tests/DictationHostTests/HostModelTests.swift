import DictationHost
import DictationValues
import SessionChannel
import Testing
import WordMatching

func command(
  _ kind: CommandKind, _ seq: Int, session: String? = "s1", context: FieldContext? = nil, result: String? = nil
)
  -> SessionCommand
{
  SessionCommand(seq: seq, sessionID: session, kind: kind, sentAt: 0, context: context, resultID: result)
}

extension HostModel {
  /// A host holding session `s1` in standby since time 0 with a 5-minute timeout.
  static func standby(timeout: SessionTimeout = .fiveMinutes) -> HostModel {
    var model = HostModel(timeout: timeout)
    _ = model.handle(.sessionOpened(sessionID: "s1", waitingOn: [], now: 0))
    return model
  }

  /// A host recording dictation #1.
  static func recording() -> HostModel {
    var model = standby()
    _ = model.handle(.command(command(.start, 1, context: FieldContext(textBeforeCursor: "Hi")), now: 1))
    return model
  }
}

@Suite("Host state machine")
struct HostModelTests {
  @Test("a forged command far ahead (seq 2^52) is ignored, and the keyboard's next command still works")
  func implausibleSeqJumpIsIgnored() {
    var model = HostModel.standby()
    _ = model.handle(.command(command(.start, 1 << 52), now: 1))
    #expect(model.phase == .standby)
    #expect(model.lastCommandSeq == 0)
    let effects = model.handle(.command(command(.start, 1), now: 2))
    #expect(model.phase == .recording)
    #expect(effects.count == 1)
  }

  @Test("a correction is learned in any phase of a live session and leaves the dictation alone")
  func correction() {
    let words = [CorrectedWords(heard: "Shivor", corrected: "Siobhan")]
    let edit = InsertionEdit(inserted: "Call Shivor.", edited: "Call Siobhan.", inView: "Call Siobhan.")
    var model = HostModel.recording()
    let effects = model.handle(
      .command(SessionCommand(seq: 2, sessionID: "s1", kind: .correction, sentAt: 0, edit: edit), now: 2))
    #expect(effects == [.learnCorrections(words)])
    #expect(model.phase == .recording)
    #expect(model.lastCommandSeq == 2)

    var closed = HostModel(timeout: .fiveMinutes)
    let ignored = closed.handle(
      .command(SessionCommand(seq: 1, sessionID: "s1", kind: .correction, sentAt: 0, edit: edit), now: 2))
    #expect(ignored.isEmpty, "no session, nothing learned")
  }

  @Test("opening a session waits on its preconditions, then holds standby with an expiry")
  func activation() {
    var model = HostModel(timeout: .fiveMinutes)
    #expect(model.phase == .inactive)
    _ = model.handle(.sessionOpened(sessionID: "s1", waitingOn: [.modelLoading], now: 0))
    #expect(model.phase == .activating)
    #expect(model.waitingOn == [.modelLoading])
    _ = model.handle(.preconditionsChanged([], now: 2))
    #expect(model.phase == .standby)
    #expect(model.expiresAt == 302)
  }

  @Test("start records a dictation named after the session and command, with the field context and the tap's time")
  func start() {
    var model = HostModel.standby()
    var tap = command(.start, 1, context: FieldContext(textBeforeCursor: "Hi"))
    tap.sentAt = 0.8
    let effects = model.handle(.command(tap, now: 1))
    let expected = ActiveDictation(
      sessionID: "s1", commandSeq: 1, context: FieldContext(textBeforeCursor: "Hi"), requestedAt: 0.8)
    #expect(effects == [.startRecording(expected)])
    var future = HostModel.standby()
    tap.sentAt = 50
    #expect(
      future.handle(.command(tap, now: 2)).first
        == .startRecording(
          ActiveDictation(sessionID: "s1", commandSeq: 1, context: FieldContext(textBeforeCursor: "Hi"), requestedAt: 2)
        ),
      "a tap from the future counts as now")
    #expect(expected.id == "s1-1")
    #expect(model.phase == .recording)
  }

  @Test("stop, tail transcribed, delivered: back to standby with the result published")
  func fullCycle() {
    var model = HostModel.recording()
    let dictation = model.dictation
    #expect(model.handle(.command(command(.stop, 2), now: 5)) == dictation.map { [.finishDictation($0)] })
    #expect(model.phase == .transcribing)
    _ = model.handle(.tailTranscribed(dictationID: "s1-1"))
    #expect(model.phase == .delivering)
    _ = model.handle(.delivered(dictationID: "s1-1", now: 6))
    #expect(model.phase == .standby)
    #expect(model.lastResultID == "s1-1")
    #expect(model.handle(.command(command(.ack, 3, result: "s1-1"), now: 7)) == [.acknowledge(resultID: "s1-1")])
  }

  @Test("a command seen twice, or numbered below the last one, is handled once")
  func duplicates() {
    var model = HostModel.recording()
    #expect(model.handle(.command(command(.start, 1), now: 2)).isEmpty)
    #expect(model.handle(.command(command(.stop, 2), now: 2)).count == 1)
    #expect(model.handle(.command(command(.stop, 2), now: 2)).isEmpty)
  }

  @Test("commands from another session are skipped, except acknowledgements")
  func otherSession() {
    var model = HostModel.standby()
    #expect(model.handle(.command(command(.start, 1, session: "old"), now: 1)).isEmpty)
    #expect(model.phase == .standby)
    #expect(model.lastCommandSeq == 1)
    #expect(
      model.handle(.command(command(.ack, 2, session: "old", result: "old-1"), now: 1)) == [
        .acknowledge(resultID: "old-1")
      ])
  }

  @Test("commands written before the host started are ignored")
  func commandsBeforeStart() {
    var model = HostModel(timeout: .never, lastCommandSeq: 9)
    _ = model.handle(.sessionOpened(sessionID: "s1", waitingOn: [], now: 0))
    #expect(model.handle(.command(command(.start, 9), now: 1)).isEmpty)
    #expect(model.handle(.command(command(.start, 10), now: 1)).count == 1)
  }

  @Test("cancel discards the recording and returns to standby")
  func cancel() {
    var model = HostModel.recording()
    let dictation = model.dictation
    #expect(model.handle(.command(command(.cancel, 2), now: 2)) == dictation.map { [.discardDictation($0)] })
    #expect(model.phase == .standby)
    #expect(model.dictation == nil)
  }

  @Test("cancel while the text is written: it is written to its end and ended, but published to nobody")
  func cancelWhileWriting() throws {
    for tail in [false, true] {
      var model = HostModel.recording()
      let dictation = try #require(model.dictation)
      _ = model.handle(.command(command(.stop, 2), now: 2))
      if tail { _ = model.handle(.tailTranscribed(dictationID: dictation.id)) }
      #expect(model.handle(.command(command(.cancel, 3), now: 3)) == [.abandonDictation(dictation)])
      #expect(model.phase == (tail ? .delivering : .transcribing), "one recording at a time: it runs to its end")
      #expect(model.handle(.command(command(.cancel, 4), now: 4)).isEmpty, "a second cancel changes nothing")
      #expect(model.handle(.command(command(.start, 5), now: 4.5)).isEmpty, "a start waits for it, as after a stop")
      #expect(model.handle(.delivered(dictationID: dictation.id, now: 5)).count == 1, "then the queued start runs")
      #expect(model.lastResultID == nil, "nothing was published for the keyboard")
    }
    var failing = HostModel.recording()
    _ = failing.handle(.command(command(.stop, 2), now: 2))
    _ = failing.handle(.command(command(.cancel, 3), now: 3))
    _ = failing.handle(.dictationFailed(dictationID: "s1-1", reason: .transcriptionFailed, now: 4))
    #expect(failing.failure == nil, "a cancelled dictation fails quietly")
    #expect(failing.phase == .standby)
  }

  @Test("a cancel naming a result the keyboard refused withdraws it, in any phase")
  func cancelNamingAResult() {
    var model = HostModel.standby(timeout: .never)
    let late = SessionCommand(seq: 1, sessionID: "s1", kind: .cancel, sentAt: 1, resultID: "s1-7")
    #expect(model.handle(.command(late, now: 1)) == [.withdrawResult(resultID: "s1-7")])
    #expect(model.phase == .standby)
  }

  @Test(
    "what stopped a recording before the user did is said with its text; the user's stop and the end of speech say nothing",
    arguments: [
      (HostEvent.interruptionBegan, RecordingCut?.some(.call)),
      (.microphoneBlocked(.microphoneMuted), .microphoneMuted),
      (.microphoneBlocked(.foreground), .microphoneNeedsApp),
      (.microphoneFailed(dictationID: "s1-1"), .microphoneFailed),
      (.recordingLimitReached(dictationID: "s1-1", now: 2), .lengthLimit),
      (.keyboardGone(dictationID: "s1-1", now: 2), .keyboardGone),
      (.speechEnded(dictationID: "s1-1", now: 2), nil),
      (.command(SessionCommand(seq: 2, sessionID: "s1", kind: .stop, sentAt: 2), now: 2), nil),
    ])
  func cutShort(event: HostEvent, cut: RecordingCut?) throws {
    var model = HostModel.recording()
    let effects = model.handle(event)
    guard case .finishDictation(let dictation) = try #require(effects.first) else {
      Issue.record("\(event) did not finish the dictation: \(effects)")
      return
    }
    #expect(dictation.cutShort == cut)
    #expect(model.dictation?.cutShort == cut)
  }

  @Test("a call cuts the recording: the words before it are delivered, and the next tap after the call records")
  func callDuringRecording() throws {
    var model = HostModel.recording()
    var dictation = try #require(model.dictation)
    dictation.cutShort = .call
    #expect(model.handle(.interruptionBegan) == [.finishDictation(dictation)])
    #expect(model.phase == .transcribing)
    #expect(model.handle(.tailTranscribed(dictationID: "s1-1")).isEmpty)
    #expect(model.handle(.delivered(dictationID: "s1-1", now: 3)).isEmpty)
    #expect(model.lastResultID == "s1-1")
    #expect(model.phase == .interrupted, "the call still has the microphone")
    #expect(model.handle(.command(command(.start, 2), now: 4)).isEmpty, "nothing records during the call")
    #expect(model.handle(.tick(now: 10_000)).isEmpty, "a session never expires during a call")
    #expect(model.handle(.interruptionEnded(now: 10_001)).isEmpty)
    #expect(model.phase == .standby)
    #expect(model.expiresAt == 10_301)
    let next = model.handle(.command(command(.start, 3), now: 10_002))
    #expect(next.count == 1)
    #expect(model.phase == .recording)
    #expect(model.dictation?.commandSeq == 3)
  }

  @Test("a short call that ends while the cut dictation is read leaves the session ready, not interrupted")
  func shortCall() {
    var model = HostModel.recording()
    _ = model.handle(.interruptionBegan)
    #expect(model.handle(.interruptionEnded(now: 2)).isEmpty)
    #expect(model.phase == .transcribing)
    _ = model.handle(.delivered(dictationID: "s1-1", now: 3))
    #expect(model.phase == .standby)
  }

  @Test("a call in standby holds the session as interrupted until it ends; a start queued before it is dropped")
  func callInStandby() {
    var model = HostModel.standby()
    #expect(model.handle(.interruptionBegan).isEmpty)
    #expect(model.phase == .interrupted)
    #expect(model.handle(.appRequest(.start, context: FieldContext(), now: 1)).isEmpty)
    _ = model.handle(.interruptionEnded(now: 2))
    #expect(model.phase == .standby)

    var queued = HostModel.recording()
    _ = queued.handle(.command(command(.stop, 2), now: 2))
    _ = queued.handle(.command(command(.start, 3), now: 2.5))
    _ = queued.handle(.interruptionBegan)
    #expect(queued.handle(.delivered(dictationID: "s1-1", now: 3)).isEmpty)
    #expect(queued.phase == .interrupted)
    _ = queued.handle(.interruptionEnded(now: 4))
    #expect(queued.phase == .standby, "the start tapped before the call does not record after it")
  }

  @Test("'release after each dictation' ends the session (and frees the microphone) once a dictation is done")
  func releaseAfterEachDictation() throws {
    for ending in ["delivered", "failed", "cancelled"] {
      var model = HostModel.standby(timeout: .afterEachDictation)
      #expect(model.expiresAt == 60, "it waits a minute for the dictation it was opened for")
      _ = model.handle(.command(command(.start, 1), now: 1))
      let dictation = try #require(model.dictation)
      let effects: [HostEffect]
      switch ending {
      case "delivered":
        _ = model.handle(.command(command(.stop, 2), now: 2))
        effects = model.handle(.delivered(dictationID: "s1-1", now: 3))
      case "failed":
        _ = model.handle(.command(command(.stop, 2), now: 2))
        effects = model.handle(.dictationFailed(dictationID: "s1-1", reason: .nothingHeard, now: 3))
      default:
        effects = model.handle(.command(command(.cancel, 2), now: 2))
      }
      let expected: [HostEffect] = ending == "cancelled" ? [.discardDictation(dictation), .endSession] : [.endSession]
      #expect(effects == expected, "\(ending)")
      #expect(model.phase == .inactive, "\(ending)")
    }
    var queued = HostModel.standby(timeout: .afterEachDictation)
    _ = queued.handle(.command(command(.start, 1), now: 1))
    _ = queued.handle(.command(command(.stop, 2), now: 2))
    _ = queued.handle(.command(command(.start, 3), now: 2.5))
    #expect(queued.handle(.delivered(dictationID: "s1-1", now: 3)).count == 1, "a start tapped meanwhile records")
    #expect(queued.phase == .recording)
    _ = queued.handle(.command(command(.stop, 4), now: 4))
    #expect(queued.handle(.delivered(dictationID: "s1-3", now: 5)) == [.endSession])
  }

  @Test("the session expires in standby after the timeout, never mid-recording, and never with 'never'")
  func expiry() {
    var model = HostModel.standby()
    #expect(model.handle(.tick(now: 299)).isEmpty)
    #expect(model.handle(.tick(now: 300)) == [.endSession])
    #expect(model.phase == .inactive)

    var recording = HostModel.recording()
    #expect(recording.handle(.tick(now: 10_000)).isEmpty)

    var forever = HostModel.standby(timeout: .never)
    #expect(forever.handle(.tick(now: 1e9)).isEmpty)
    #expect(forever.expiresAt == nil)
  }

  @Test("a start during delivery is queued and begins right after")
  func queuedStart() {
    var model = HostModel.recording()
    _ = model.handle(.command(command(.stop, 2), now: 2))
    #expect(model.handle(.command(command(.start, 3), now: 2.5)).isEmpty)
    let effects = model.handle(.delivered(dictationID: "s1-1", now: 3))
    #expect(effects.count == 1)
    #expect(model.phase == .recording)
    #expect(model.dictation?.commandSeq == 3)
  }

  @Test("ending the session mid-recording delivers the dictation first, then ends")
  func endSessionWhileRecording() {
    var model = HostModel.recording()
    let effects = model.handle(.command(command(.endSession, 2), now: 2))
    #expect(effects.count == 1)
    #expect(model.phase == .transcribing)
    #expect(model.handle(.delivered(dictationID: "s1-1", now: 3)) == [.endSession])
    #expect(model.phase == .inactive)
  }

  @Test("a failed dictation is reported against its start command")
  func failure() {
    var model = HostModel.recording()
    _ = model.handle(.command(command(.stop, 2), now: 2))
    _ = model.handle(.dictationFailed(dictationID: "s1-1", reason: .nothingHeard, now: 3))
    #expect(model.failure == HostFailure(reason: .nothingHeard, commandSeq: 1))
    #expect(model.phase == .standby)
  }

  static let invalidCases: [(String, HostModel, HostEvent)] = [
    ("stop in standby", .standby(), .command(command(.stop, 1), now: 1)),
    ("cancel in standby", .standby(), .command(command(.cancel, 1), now: 1)),
    ("interruption ended while recording", .recording(), .interruptionEnded(now: 2)),
    ("delivered while recording", .recording(), .delivered(dictationID: "s1-1", now: 2)),
    ("tail of another dictation", .recording(), .tailTranscribed(dictationID: "s1-9")),
    ("start while inactive", HostModel(timeout: .never), .command(command(.start, 1), now: 1)),
    ("preconditions while standby", .standby(), .preconditionsChanged([.modelLoading], now: 1)),
    ("shutdown while inactive", HostModel(timeout: .never), .shutdownRequested),
  ]

  @Test("invalid events do nothing", arguments: invalidCases.indices)
  func invalidEvents(_ index: Int) {
    let (name, before, event) = Self.invalidCases[index]
    var model = before
    #expect(model.handle(event).isEmpty, "\(name)")
    #expect(model.phase == before.phase, "\(name)")
    #expect(model.dictation == before.dictation, "\(name)")
  }
}
