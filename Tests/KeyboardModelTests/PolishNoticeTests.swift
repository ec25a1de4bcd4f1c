import DictationValues
import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing

@Suite("Keyboard: a dictation inserted unpolished says so in one line")
struct PolishNoticeTests {
  static let busy = "Not polished: Apple Intelligence is busy, try again later"

  @Test("a result carrying a notice is inserted and the notice is shown with it; a result without one shows none")
  func noticeShownWithTheText() {
    var model = KeyboardModel.listening()
    _ = model.handle(.stopTapped(now: 103))
    _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 3, heartbeat: 104, lastCommandSeq: 2), now: 104))
    var result = Host.result("s1-1", commandSeq: 1, text: "hey there", at: 104)
    result.notice = Self.busy
    let effects = model.handle(.resultObserved(result, now: 104))
    #expect(effects.first == .insert("hey there"))
    guard case .inserted(let dictation) = model.phase else {
      Issue.record("not inserted: \(model.phase)")
      return
    }
    #expect(dictation.notice == Self.busy)
    #expect(KeyboardModel.inserted().phase.insertedNotice == nil)
  }

  @Test("an overlong notice is cut to one line's worth and an empty one is no notice; the text goes in either way")
  func noticeIsBounded() {
    for (notice, shown) in [(String(repeating: "x", count: 5000), String(repeating: "x", count: 200)), ("", nil)] {
      var model = KeyboardModel.ready()
      _ = model.handle(.startTapped(FieldContext(), now: 101))
      _ = model.handle(.stopTapped(now: 102))
      var result = Host.result("s1-1", commandSeq: 1, text: "words", at: 102)
      result.notice = notice
      _ = model.handle(.hostStateObserved(Host.state(.standby, seq: 2, heartbeat: 102, lastCommandSeq: 2), now: 102))
      #expect(model.handle(.resultObserved(result, now: 102)).first == .insert("words"))
      #expect(model.phase.insertedNotice == shown)
    }
  }

  @Test("over a real container: the app's result file with a notice is inserted and the keyboard shows the notice")
  func noticeThroughTheChannel() async throws {
    let dir = try TemporaryDirectory("keyboard-notice")
    defer { dir.remove() }
    let app = SessionChannel(container: dir.url)
    let now = Date().timeIntervalSince1970
    try app.writeState(Host.state(.standby, seq: 3, heartbeat: now, lastCommandSeq: 2))
    try app.writeResult(
      DictationResult(
        id: "s1-1", sessionID: "s1", commandSeq: 1, text: " see you at noon", rawText: "see you at noon",
        createdAt: now, notice: Self.busy))
    let keyboard = KeyboardSession(
      channel: SessionChannel(container: dir.url), document: SimulatedTextField(text: "Yes."),
      watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1))
    await keyboard.appear()
    #expect(await keyboard.document.text == "Yes. see you at noon")
    #expect(await keyboard.model.phase.insertedNotice == Self.busy)
    await keyboard.disappear()
  }
}

extension KeyboardPhase {
  /// The notice of an inserted dictation, or nil.
  var insertedNotice: String? {
    if case .inserted(let dictation) = self { dictation.notice } else { nil }
  }
}
