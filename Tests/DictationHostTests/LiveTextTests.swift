import AudioInput
import DictationHost
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import TestSupport
import Testing

@Suite("Live text while the user speaks, final text at stop", .serialized)
struct LiveTextTests {
  @Test("stopped after the speech settled: the final text was read while speaking, no engine call is left")
  func settledSpeechNeedsNoCallAtStop() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    let audio = toneBursts(2)
    microphone.play(audio)
    let expected = wholeRecordingWindows(audio).map { SampleCountEngine.reading(of: $0.samples.count) }
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == expected.joined(separator: " ") })
    let callsBeforeStop = engine.callCount

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == expected.joined(separator: " "))
    #expect(engine.callCount == callsBeforeStop, "the reading made while speaking was reused")
    await harness.stop()
  }

  @Test("a reading made in a pause is discarded when speech continues: the final text reads the whole window")
  func speculativeReadingDiscardedWhenSpeechContinues() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    let first = toneBursts(1, gap: 1.2)
    microphone.play(first)
    let speculative = wholeRecordingWindows(first).map { SampleCountEngine.reading(of: $0.samples.count) }
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == speculative.joined(separator: " ") })
    let more = toneBursts(1, leadIn: 0)
    microphone.play(more)
    #expect(await microphone.waitUntilTaken())

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    let audio = try #require(harness.archive.audio[id])
    let whole = wholeRecordingWindows(audio)
    #expect(whole.count == 1, "both bursts fall in one window")
    let raw = harness.channel.readResult(id: id).value?.rawText
    #expect(raw == SampleCountEngine.reading(of: whole[0].samples.count))
    #expect(raw != speculative.joined(separator: " "))
    #expect(engine.readings.contains(whole[0].samples.count))
    await harness.stop()
  }

  @Test("partials arrive in order (drafts of the speech going on, then confirmed words) and the final replaces them")
  func partialsInOrderThenFinal() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine)
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })

    let seen = LiveTextLog()
    let watching = Task.detached {
      while !Task.isCancelled {
        seen.note(harness.keyboard.state)
        try? await Task.sleep(nanoseconds: 2_000_000)
      }
    }
    defer { watching.cancel() }
    // Speech going on (no pause long enough to settle) is drafted.
    microphone.play(toneBursts(4, burst: 0.9, gap: 0.2))
    #expect(await eventually { seen.entries.contains { $0.volatile.hasPrefix("drafted") } })
    // A pause settles it: its words become confirmed.
    microphone.play([Float](repeating: 0, count: 16_000))
    #expect(await eventually { seen.entries.contains { $0.confirmed.hasPrefix("heard") } })

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    seen.note(harness.keyboard.state)
    let revisions = seen.entries.map(\.revision)
    #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count, "\(revisions)")
    #expect(harness.keyboard.state?.liveText == nil)
    let id = try #require(harness.channel.resultIDs().first)
    let audio = try #require(harness.archive.audio[id])
    let whole = wholeRecordingWindows(audio).map { SampleCountEngine.reading(of: $0.samples.count) }
    #expect(harness.channel.readResult(id: id).value?.rawText == whole.joined(separator: " "))
    await harness.stop()
  }
}

/// Distinct live texts seen in the published state, in the order they were seen.
final class LiveTextLog: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [LiveText] = []

  func note(_ state: HostState?) {
    guard let live = state?.liveText else { return }
    lock.withLock { if seen.last != live { seen.append(live) } }
  }

  var entries: [LiveText] { lock.withLock { seen } }
}
