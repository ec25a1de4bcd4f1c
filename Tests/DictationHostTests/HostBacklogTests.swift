import DictationHost
import DictationValues
import Foundation
import SessionChannel
import Testing

@Suite("Host backlog: what history still has to take")
struct HostBacklogTests {
  static func unrecorded(_ id: String) -> UnrecordedDictation {
    UnrecordedDictation(
      entry: HistoryEntry(uuid: id, finalText: "Words of \(id).", origin: .keyboard), audio: [0, 0.1])
  }

  /// When tries are made, for dictations kept at time 0 and tries asked at `asked` (a negative time: at once).
  @Test(
    "history is tried again at most every 5 s, at once at the session's end, never with nothing waiting",
    arguments: [
      ([0.0, 1, 4.9, 5, 9, 10.5], [true, false, false, true, false, true]),
      ([2.0, -3, 4], [true, true, false]),
      ([100.0], [true]),
    ])
  func retries(asked: [Double], made: [Bool]) {
    var backlog = HostBacklog()
    let empty = backlog.startTry(now: 0)
    #expect(!empty, "nothing waits")
    backlog.keep(Self.unrecorded("a"))
    var tries: [Bool] = []
    for time in asked {
      tries.append(backlog.startTry(now: abs(time), atOnce: time < 0))
    }
    #expect(tries == made)
  }

  @Test("the oldest dictation is recorded first, and the rest keep waiting in order")
  func order() {
    var backlog = HostBacklog()
    for id in ["a", "b", "c"] { backlog.keep(Self.unrecorded(id)) }
    backlog.recordedOldest()
    #expect(backlog.unrecorded.map(\.entry.uuid) == ["b", "c"])
    backlog.recordedOldest()
    backlog.recordedOldest()
    backlog.recordedOldest()
    #expect(backlog.unrecorded.isEmpty)
    let tried = backlog.startTry(now: 50)
    #expect(!tried)
  }

  @Test("a crash's audio is read once: recovering while it is read, and what history took is kept")
  func recovery() {
    let dictation = ActiveDictation(sessionID: "s0", commandSeq: 4, context: FieldContext())
    var backlog = HostBacklog(leftovers: [SpoolSidecar(dictation, sessionID: "s0", startedAt: 10)])
    #expect(!backlog.recovering)
    let leftovers = backlog.startRecovery()
    #expect(leftovers.map(\.dictationID) == [dictation.id])
    #expect(backlog.recovering, "the keyboard is told the app is recovering")
    let again = backlog.startRecovery()
    #expect(again.isEmpty, "never read twice")
    backlog.recoveryEnded(recovered: [HistoryEntry(uuid: dictation.id, finalText: "Saved.", origin: .keyboard)])
    #expect(!backlog.recovering)
    #expect(backlog.recovered.map(\.finalText) == ["Saved."])

    var clean = HostBacklog()
    let none = clean.startRecovery()
    #expect(none.isEmpty)
    #expect(!clean.recovering, "nothing to read: the keyboard is not told of a recovery")
  }
}
