import Clocks
import DictationHost
import DictationValues
import Foundation
import PhoneSession
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

/// Lets the main actor run until `condition` holds (a started wait's timer registers its sleep), without wall time.
@MainActor
func yieldUntil(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<10_000 where !condition() { await Task.yield() }
  return condition()
}

/// What a dictation made for a shortcut was asked when the shortcut stopped waiting.
@MainActor
final class HandOvers {
  var count = 0
  let answer: ShortcutDictation.HandOver

  init(answering answer: ShortcutDictation.HandOver) { self.answer = answer }

  func handOver() -> ShortcutDictation.HandOver {
    count += 1
    return answer
  }
}

@Suite("The Dictate Text Shortcut answers within the App Intents time limit", .serialized)
@MainActor
struct ShortcutDeadlineTests {
  let clock = TestClock()

  /// A shortcut waiting on `clock`, whose deadline timer has started, for a dictation that began for it (answering
  /// `answer` when handed over), or for none when `answer` is nil.
  func waiting(answering answer: ShortcutDictation.HandOver?) async -> (
    shortcut: ShortcutDictation, dictation: HandOvers?, text: Task<String, any Error>
  ) {
    let shortcut = ShortcutDictation(clock: clock.clock)
    let dictation = answer.map(HandOvers.init(answering:))
    let text = Task { @MainActor in
      try await shortcut.text {
        if let dictation { shortcut.began { dictation.handOver() } }
      }
    }
    #expect(await yieldUntil { clock.sleeperCount == 1 })
    return (shortcut, dictation, text)
  }

  @Test("the deadline is under the roughly 30 s after which the system cancels an App Intent")
  func deadlineUnderTheLimit() {
    #expect(ShortcutDictation.answerDeadline == 25)
  }

  @Test("text that comes before the deadline is returned to the shortcut, and its timer stops")
  func textInTime() async throws {
    let (shortcut, handed, task) = await waiting(answering: .toCursor)
    let dictation = try #require(handed)
    clock.advance(by: 24.9)
    shortcut.finish(.success("Buy oat milk."))
    #expect(try await task.value == "Buy oat milk.")
    #expect(await yieldUntil { clock.sleeperCount == 0 })
    clock.advance(by: 60)
    #expect(dictation.count == 0, "a dictation that ended in time is never handed over")
    #expect(!shortcut.isWaiting)
  }

  @Test(
    "at the deadline the shortcut hears why it has no text, and stops waiting",
    arguments: [
      (ShortcutDictation.HandOver.toCursor, ShortcutDictationError.goesOnInUtter),
      (.none, .notStarted),
    ])
  func deadlinePasses(answer: ShortcutDictation.HandOver, heard: ShortcutDictationError) async throws {
    let (shortcut, handed, task) = await waiting(answering: answer)
    let dictation = try #require(handed)
    clock.advance(by: 24.9)
    #expect(shortcut.isWaiting)
    clock.advance(by: 0.1)
    await #expect(throws: heard) { try await task.value }
    #expect(dictation.count == 1)
    #expect(!shortcut.isWaiting, "a quick dictation after this one goes to the cursor")
    #expect(
      AppDictationTarget.quickDictation(asNote: false, openedBy: .shortcut, shortcut: shortcut) == .cursor(.shortcut))
  }

  @Test("at the deadline with no dictation begun, the shortcut hears that Utter did not start one")
  func nothingBegan() async {
    let (_, _, task) = await waiting(answering: nil)
    clock.advance(by: 25)
    await #expect(throws: ShortcutDictationError.notStarted) { try await task.value }
  }

  @Test("a dictation that ended as the deadline came still gives the shortcut its text")
  func endedAtTheDeadline() async throws {
    let (shortcut, handed, task) = await waiting(answering: .ended)
    let dictation = try #require(handed)
    clock.advance(by: 25)
    #expect(await yieldUntil { dictation.count == 1 })
    #expect(shortcut.isWaiting)
    shortcut.finish(.success("Just in time."))
    #expect(try await task.value == "Just in time.")
  }

  @Test("a second shortcut takes the wait over: the first is told, the second gets the text on its own deadline")
  func secondShortcutTakesOver() async throws {
    let (shortcut, handed, first) = await waiting(answering: .toCursor)
    let dictation = try #require(handed)
    clock.advance(by: 10)
    let second = Task { @MainActor in
      try await shortcut.text {}
    }
    await #expect(throws: ShortcutDictationError.anotherShortcut) { try await first.value }
    #expect(await yieldUntil { clock.sleeperCount == 1 }, "the first shortcut's timer stopped; the second's runs")
    clock.advance(by: 15)
    #expect(dictation.count == 0, "the first shortcut's deadline does not hand over the second's dictation")
    #expect(shortcut.isWaiting)
    shortcut.finish(.success("Second."))
    #expect(try await second.value == "Second.")
  }

  @Test("past the deadline a running dictation goes to the cursor once, with history, and not to the shortcut")
  nonisolated func handedToTheCursor() async throws {
    try await AppDictationDeliveryTests().withHost(hearing: "buy oat milk") { host, microphone, channel in
      let clock = TestClock()
      let shortcut = await ShortcutDictation(clock: clock.clock)
      let button = await MainActor.run { AppDictation(shortcut: shortcut) { host } }
      let waiting = Task { @MainActor in
        try await shortcut.text {
          button.start(target: .quickDictation(asNote: false, openedBy: .shortcut, shortcut: shortcut))
        }
      }
      #expect(await eventually { await button.phase == .listening })
      #expect(await eventually { clock.sleeperCount == 1 })
      clock.advance(by: ShortcutDictation.answerDeadline)
      await #expect(throws: ShortcutDictationError.goesOnInUtter) { try await waiting.value }
      #expect(await button.phase == .listening, "the dictation goes on in Utter")

      microphone.play(toneBursts(1))
      #expect(await microphone.waitUntilTaken())
      await button.finish()
      #expect(await eventually { if case .done = await button.phase { true } else { false } })
      guard case .done(let text, _, let historyID) = await button.phase else { return }
      #expect(text == "Buy oat milk.")
      // NB: the host tells the app before it writes the keyboard's result file.
      #expect(await eventually { channel.resultIDs().count == 1 }, "offered once to the next keyboard")
      let offered = channel.resultIDs()
      let result = try #require(offered.first.flatMap { channel.readResult(id: $0).value })
      #expect(result.id == historyID, "the result is the dictation history recorded")
      #expect(result.text == "Buy oat milk.")
      #expect(result.notice == "Dictated in Utter")
      #expect(await !shortcut.isWaiting)
    }
  }
}
