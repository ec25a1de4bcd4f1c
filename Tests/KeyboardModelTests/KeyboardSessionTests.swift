import Foundation
import KeyboardModel
import SessionChannel
import TestSupport
import Testing

@Suite("Keyboard session over a real container")
struct KeyboardSessionTests {

  @Test("a pending result is inserted on appearing and acknowledged in commands.json; the numbering continues")
  func pendingResultAndAck() async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let app = SessionChannel(container: dir.url)
    let now = Date().timeIntervalSince1970
    try app.writeCommands(CommandLog(commands: [SessionCommand(seq: 6, sessionID: "s1", kind: .stop, sentAt: now)]))
    try app.writeState(HostState(seq: 3, sessionID: "s1", phase: .standby, heartbeat: now, lastCommandSeq: 6))
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

    await keyboard.tapUseRaw()
    #expect(await keyboard.document.text == "Hi. pending")
    await keyboard.tapUndo()
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
      configuration: KeyboardConfiguration(staleHeartbeatAfter: 3))
    await keyboard.appear()
    #expect(await keyboard.model.phase.name == "listening")
    #expect(await eventually(timeout: 15) { await keyboard.model.phase == .inactive })
    await keyboard.disappear()
  }
}
