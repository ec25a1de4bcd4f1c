import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing
import WordMatching

@Suite("Keyboard session over a real container")
struct KeyboardSessionTests {

  @Test("a pending result is inserted on appearing and acknowledged in commands.json; the numbering continues")
  func pendingResultAndAck() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let app = SessionChannel(container: dir.url)
    let now = Date().timeIntervalSince1970
    try app.writeCommands(CommandLog(commands: [SessionCommand(seq: 6, sessionID: "s1", kind: .stop, sentAt: now)]))
    try app.writeState(Host.state(.standby, seq: 3, heartbeat: now, lastCommandSeq: 6))
    try app.writeResult(
      DictationResult(id: "s1-5", sessionID: "s1", commandSeq: 5, text: " Pending.", rawText: "pending", createdAt: now)
    )

    let keyboard = KeyboardSession(
      channel: SessionChannel(container: dir.url), document: SimulatedTextField(text: "Hi."),
      watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1))
    await keyboard.appear()
    #expect(await keyboard.document.text == "Hi. Pending.")
    let commands = app.readCommands().value?.commands ?? []
    #expect(commands.last?.kind == .ack)
    #expect(commands.last?.resultID == "s1-5")
    #expect(commands.last?.seq == 7)

    await keyboard.perform(.useRaw)
    #expect(await keyboard.document.text == "Hi. pending")
    await keyboard.perform(.undo)
    #expect(await keyboard.document.text == "Hi.")

    // A second keyboard launch sees the acknowledgement and inserts nothing.
    let relaunched = KeyboardSession(
      channel: SessionChannel(container: dir.url), document: SimulatedTextField(),
      watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1))
    await relaunched.appear()
    #expect(await relaunched.document.text == "")
    await keyboard.disappear()
    await relaunched.disappear()
  }

  @Test("words the user changed in an insertion are written as one correction when the keyboard leaves, once")
  func correctionOnLeaving() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let (keyboard, app) = try await keyboardAfterDictating(
      " Send the draft to Shivor and I am before lunch.", heard: "send the draft to shivor and i am before lunch",
      into: "Private note.", in: dir)
    #expect(await keyboard.watch?.inserted == " Send the draft to Shivor and I am before lunch.")
    await keyboard.edit { $0.replaceLast("Shivor", with: "Siobhan") }
    await keyboard.edit { $0.replaceLast("I am", with: "Niamh") }
    await keyboard.disappear()

    let commands = app.readCommands().value?.commands ?? []
    #expect(commands.map(\.kind) == [.ack, .correction])
    #expect(
      commands.last?.edit.map { CorrectedWords.found(inserted: $0.inserted, edited: $0.edited, inView: $0.inView) } == [
        CorrectedWords(heard: "Shivor", corrected: "Siobhan"), CorrectedWords(heard: "I am", corrected: "Niamh"),
      ])
    #expect(commands.last?.sessionID == "s1")
    await keyboard.disappear()
    #expect(app.readCommands().value?.commands.count == 2, "a correction is reported once")
  }

  @Test("with no live app a correction is not sent and the insertion stays followed")
  func correctionWithoutApp() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let (keyboard, app) = try await keyboardAfterDictating("Ask Shivor.", heard: "ask shivor", into: "", in: dir)
    let now = Date().timeIntervalSince1970
    try app.writeState(HostState(seq: 2, sessionID: "s1", phase: .inactive, heartbeat: now))
    await keyboard.refreshAll()
    await keyboard.edit { $0.replaceLast("Shivor", with: "Siobhan") }
    await keyboard.disappear()
    #expect(app.readCommands().value?.commands.map(\.kind) == [.ack])
    #expect(await keyboard.watch?.inserted == "Ask Shivor.")
  }

  @Test(
    "a session that ends with its delivery ('release after each dictation') still inserts the text, read at one wake")
  func resultThenEnd() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let clock = TestClock()
    let (keyboard, app) = try await keyboardInStandby(into: "Hi ", in: dir, clock: clock)
    await keyboard.perform(.start)
    await keyboard.perform(.stop)
    try app.writeState(
      Host.state(.transcribing, seq: 2, heartbeat: clock.now, lastCommandSeq: 2, dictation: 1))
    await keyboard.refreshAll()
    #expect(await keyboard.model.phase == .transcribing(partialText: ""))
    // The app writes the result, then the end of its session, before the keyboard looks again.
    try app.writeResult(Host.result("s1-1", commandSeq: 1, text: "Only this one.", at: clock.now))
    try app.writeState(Host.state(.inactive, seq: 3, heartbeat: clock.now, lastCommandSeq: 2))
    await keyboard.refreshAll()
    #expect(await keyboard.document.text == "Hi Only this one.")
    #expect(await keyboard.model.phase == .inactive, "the next tap opens the app again")
    #expect(app.readCommands().value?.commands.map(\.kind) == [.start, .stop, .ack])
    await keyboard.disappear()
  }

  @Test("a heartbeat that stops turns the keyboard inactive through the poll alone")
  func heartbeatStops() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let app = SessionChannel(container: dir.url)
    try app.writeState(
      HostState(seq: 1, sessionID: "s1", phase: .recording, heartbeat: Date().timeIntervalSince1970 - 2.5))
    let keyboard = KeyboardSession(
      channel: SessionChannel(container: dir.url), document: SimulatedTextField(),
      watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1),
      configuration: KeyboardConfiguration())  // a heartbeat is stale after 3 s
    await keyboard.appear()
    #expect(await keyboard.model.phase.name == "listening")
    #expect(await eventually(timeout: 15) { await keyboard.model.phase == .inactive })
    await keyboard.disappear()
  }
}
