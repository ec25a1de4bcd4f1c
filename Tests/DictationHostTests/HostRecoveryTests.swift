import AudioInput
import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing

/// A spool holding two bursts of speech for dictation `id` (`<session>-<seq>`), as a crash leaves it.
func spoolLeftByACrash(in dir: TemporaryDirectory, id: String) throws -> AudioSpool {
  let spool = AudioSpool(directory: dir.path("spool"))
  let parts = id.split(separator: "-")
  let writer = try spool.begin(
    SpoolSidecar(
      ActiveDictation(sessionID: String(parts[0]), commandSeq: Int(parts[1]) ?? 0, context: FieldContext()),
      sessionID: String(parts[0]), startedAt: 1000))
  try writer.append(toneBursts(2), now: 0)
  writer.sync()
  return spool
}

@Suite("Dictation host runtime: after a crash", .serialized)
struct HostRecoveryTests {
  @Test("audio left in the spool by a crash is transcribed at start into a recovered entry and never published")
  func recoversSpool() async throws {
    let dir = try TemporaryDirectory("host")
    defer { dir.remove() }
    let spool = try spoolLeftByACrash(in: dir, id: "dead-7")

    let engine = ScriptedEngine(["saved words"])
    let loads = EngineLoads()
    let harness = try HostHarness(engine: engine, dir: dir, loads: loads)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    // A dictation recorded while the engine loads is this session's own: its spool is not taken for a crash's.
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(1))
    #expect(await harness.microphone.waitUntilTaken())
    loads.finish(0)
    #expect(await eventually { harness.archive.dictations.count == 1 })
    let recovered = harness.archive.dictations
    #expect(recovered.map(\.uuid) == ["dead-7"])
    #expect(recovered.first?.status == .recovered)
    #expect(recovered.first?.origin == .keyboard)
    #expect(recovered.first?.rawText == "saved words")
    #expect(harness.channel.resultIDs().isEmpty)
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.archive.dictations.count == 2 })
    #expect(harness.archive.dictations.last?.status == .complete)
    // NB: history takes a dictation before its result is written (so a crash between them loses nothing): wait for it.
    #expect(
      await eventually { harness.channel.resultIDs().count == 1 }, "only this session's dictation is offered")
    #expect(spool.leftovers().isEmpty)
    await harness.stop()
  }

  @Test("a spool whose dictation is already in history (a crash after recording it) is removed, not recovered twice")
  func spoolOfRecordedDictationIsDone() async throws {
    let dir = try TemporaryDirectory("host")
    defer { dir.remove() }
    let spool = try spoolLeftByACrash(in: dir, id: "done-3")
    let kept = HistoryEntry(
      uuid: "done-3", rawText: "kept", finalText: "Kept.", engine: "e", model: "m", audioSeconds: 2, origin: .keyboard,
      createdAt: Date(timeIntervalSince1970: 1000))
    let engine = ScriptedEngine(["again"])
    let harness = try HostHarness(engine: engine, dir: dir, recorded: [kept])
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    // The spool is looked at once the engine has loaded, behind the ready session.
    #expect(await eventually { await harness.host.engineState == .loaded })
    #expect(spool.leftovers().isEmpty)
    #expect(harness.archive.dictations.map(\.uuid) == ["done-3"])
    #expect(engine.callCount == 0)
    await harness.stop()
  }

  @Test("acknowledgements the keyboard wrote while the app was gone mark those dictations delivered at start")
  func acknowledgementsBeforeStartCount() async throws {
    let dir = try TemporaryDirectory("host")
    defer { dir.remove() }
    let container = dir.path("container")
    try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
    var log = CommandLog()
    log.append(SessionCommand(seq: 7, sessionID: "old", kind: .ack, sentAt: 0, resultID: "old-6"))
    try SessionChannel(container: container).writeCommands(log)
    let earlier = HistoryEntry(
      uuid: "old-6", rawText: "inserted", finalText: "Inserted.", engine: "e", model: "m", audioSeconds: 1,
      origin: .keyboard, createdAt: Date(timeIntervalSince1970: 1000))
    let harness = try HostHarness(engine: ScriptedEngine(["x"]), dir: dir, recorded: [earlier])
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(harness.archive.delivered == ["old-6"])
    await harness.stop()
  }
}
