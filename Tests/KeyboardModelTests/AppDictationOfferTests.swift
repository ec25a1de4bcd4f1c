import Foundation
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing

@testable import KeyboardModel

/// A dictation made in the app for the cursor (the widget, the Action Button) reaches the keyboard as the host writes
/// it: a result of the live session numbered 0, saying where it came from.
@Suite("Keyboard: a dictation made outside the keyboard is offered once")
struct AppDictationOfferTests {
  /// A container where session `s1` is live (or, `ended`, was ended as the app delivered: "after each dictation")
  /// and the app delivered a widget dictation `age` seconds ago.
  func container(resultAge age: Double, ended: Bool = false) throws -> TemporaryDirectory {
    let dir = try TemporaryDirectory("keyboard")
    let app = SessionChannel(container: dir.url)
    let now = Date().timeIntervalSince1970
    try app.writeState(
      HostState(seq: 1, sessionID: "s1", phase: ended ? .inactive : .standby, heartbeat: now - (ended ? age : 0)))
    try app.writeResult(
      DictationResult(
        id: "s1-app-1", sessionID: "s1", commandSeq: 0, text: "Call the dentist at noon.",
        rawText: "call the dentist at noon", createdAt: now - age, notice: "From Utter's widget"))
    return dir
  }

  func appear(in dir: TemporaryDirectory, field: String = "") async -> KeyboardSession<SimulatedTextField> {
    let keyboard = KeyboardSession(
      channel: SessionChannel(container: dir.url), document: SimulatedTextField(text: field),
      watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1))
    await keyboard.appear()
    return keyboard
  }

  @Test("the next keyboard inserts it at the cursor once, saying where it came from; the one after gets nothing")
  func insertedOnce() async throws {
    let dir = try container(resultAge: 5)
    defer { dir.remove() }
    let first = await appear(in: dir, field: "Reminder: ")
    #expect(await first.document.text == "Reminder: Call the dentist at noon.")
    guard case .inserted(let inserted) = await first.model.phase else {
      Issue.record("the keyboard shows \(await first.model.phase.name)")
      return
    }
    #expect(inserted.notice == "From Utter's widget")
    #expect(SessionChannel(container: dir.url).readCommands().value?.commands.last?.resultID == "s1-app-1")
    await first.disappear()

    let second = await appear(in: dir, field: "Later: ")
    #expect(await second.document.text == "Later: ")
    await second.disappear()
  }

  @Test("a session ended with its delivery (after each dictation): the next keyboard still inserts it, once")
  func insertedAfterTheSessionEnded() async throws {
    let dir = try container(resultAge: 5, ended: true)
    defer { dir.remove() }
    let first = await appear(in: dir, field: "Reminder: ")
    #expect(await first.document.text == "Reminder: Call the dentist at noon.")
    await first.disappear()
    let second = await appear(in: dir, field: "Later: ")
    #expect(await second.document.text == "Later: ", "claimed and acknowledged by the first")
    await second.disappear()
  }

  @Test("after text with no space before the cursor it comes with one, as a dictation for the field would")
  func spacedForTheCursor() async throws {
    let dir = try container(resultAge: 5)
    defer { dir.remove() }
    let keyboard = await appear(in: dir, field: "Reminder:")
    #expect(await keyboard.document.text == "Reminder: Call the dentist at noon.")
    await keyboard.perform(.undo)
    #expect(await keyboard.document.text == "Reminder:", "undo removes it with its space")
    await keyboard.disappear()
  }

  @Test("outside the pending window no keyboard inserts it")
  func notAfterTheWindow() async throws {
    let dir = try container(resultAge: 121)
    defer { dir.remove() }
    let keyboard = await appear(in: dir, field: "Reminder:")
    #expect(await keyboard.document.text == "Reminder:")
    #expect(await keyboard.insertionCount == 0)
    await keyboard.disappear()
  }

  @Test("auto-copy takes a dictation once, as inserted, not its undo or raw text")
  func copiedOnInsertion() {
    let dictation = InsertedDictation(
      resultID: "s1-app-1", insertedText: "Call the dentist.", formattedText: "Call the dentist.",
      rawText: "call the dentist")
    var raw = dictation
    raw.insertedText = raw.rawText
    #expect(KeyboardPhase.inserted(dictation).newlyInserted(after: .ready) == dictation)
    #expect(KeyboardPhase.inserted(raw).newlyInserted(after: .inserted(dictation)) == nil)
    #expect(KeyboardPhase.ready.newlyInserted(after: .inserted(dictation)) == nil)
    var next = dictation
    next.resultID = "s1-3"
    #expect(KeyboardPhase.inserted(next).newlyInserted(after: .inserted(dictation)) == next)
  }
}
