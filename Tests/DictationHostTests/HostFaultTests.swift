import DictationHost
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechReading
import TestSupport
import Testing

@Suite("Dictation host under faults: a gone keyboard, a full disk", .serialized)
struct HostFaultTests {
  @Test("a recording whose keyboard stops showing signs of life ends after 20 s and keeps what was said")
  func keyboardGoneStopsRecording() async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["what was said before the keyboard died"]))
    defer { harness.dir.remove() }
    let presence = SessionChannel(container: harness.channel.container)
    try presence.writePresence(KeyboardPresence(sessionID: nil, seenAt: harness.clock.now))
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(1))
    #expect(await harness.microphone.waitUntilTaken())

    // Alive: signs of life every 10 s keep the recording going past 20 s.
    for _ in 0..<3 {
      harness.clock.advance(by: 10)
      try presence.writePresence(KeyboardPresence(sessionID: nil, seenAt: harness.clock.now))
      let now = harness.clock.now
      #expect(await eventually { (harness.keyboard.state?.heartbeat ?? 0) >= now })
      #expect(harness.keyboard.state?.phase == .recording)
    }
    // Gone: 21 s without one.
    harness.clock.advance(by: 21)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(harness.archive.dictations.map(\.finalText) == ["What was said before the keyboard died."])
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    await harness.stop()
  }

  @Test("with no sign of life on file at all, only the length cap ends a recording")
  func noPresenceIsNotJudged() async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["words"]))
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.clock.advance(by: 60)
    let now = harness.clock.now
    #expect(await eventually { (harness.keyboard.state?.heartbeat ?? 0) >= now })
    #expect(harness.keyboard.state?.phase == .recording)
    await harness.stop()
  }

  @Test("history full: the text is still delivered, and recorded (whole) once history takes it again")
  func fullHistoryRecordsLater() async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["made on a full disk"]))
    defer { harness.dir.remove() }
    harness.archive.fail(with: "No space left on device")
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.text == "Made on a full disk.")
    #expect(harness.archive.dictations.isEmpty)
    #expect(harness.spool.leftovers().map(\.dictationID) == [id], "the audio waits in the spool meanwhile")

    harness.archive.fail(with: nil)
    harness.clock.advance(by: 6)
    #expect(await eventually { harness.archive.contains(id: id) })
    #expect(harness.archive.dictations.first?.finalText == "Made on a full disk.")
    #expect(harness.archive.audio[id]?.count == toneBursts(2).count, "the whole recording, not a fragment")
    #expect(await eventually { harness.spool.leftovers().isEmpty })
    await harness.stop()
  }

  @Test("a spool that cannot be written: the dictation records in memory and is delivered")
  func unwritableSpoolStillDelivers() async throws {
    let dir = try TemporaryDirectory("host-nospool")
    // NB: a file where the spool folder should be makes every spool write fail, as a full disk does.
    try Data("not a folder".utf8).write(to: dir.path("spool"))
    let harness = try HostHarness(engine: ScriptedEngine(["spoken while the disk was full"]), dir: dir)
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(harness.archive.dictations.map(\.finalText) == ["Spoken while the disk was full."])
    #expect(harness.keyboard.state?.failure == nil, "not 'The microphone stopped working'")
    await harness.stop()
  }
}
