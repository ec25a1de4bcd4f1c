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
    let expected = try await wholeRecordingText(audio)
    #expect(expected.split(separator: " ").count == 2)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == expected })
    let callsBeforeStop = engine.callCount

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == expected)
    #expect(engine.callCount == callsBeforeStop, "the readings made while speaking were reused")
    await harness.stop()
  }

  @Test("a reading made in a short pause is discarded when speech continues: the final text reads the whole stretch")
  func speculativeReadingDiscardedWhenSpeechContinues() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    // A pause long enough to read the speech so far (the user may be done), too short to end the stretch.
    let first = toneBursts(1, gap: 0.3)
    microphone.play(first)
    let speculative = try await wholeRecordingText(first)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == speculative })
    let speculativeLength = try #require(wholeRecordingWindows(first).last?.samples.count)
    #expect(engine.readings == [speculativeLength])
    microphone.play(toneBursts(1, leadIn: 0))
    #expect(await microphone.waitUntilTaken())

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    let audio = try #require(harness.archive.audio[id])
    let whole = wholeRecordingWindows(audio)
    #expect(whole.count == 1, "both bursts are one stretch of speech")
    let raw = harness.channel.readResult(id: id).value?.rawText
    #expect(raw == (try await wholeRecordingText(audio)))
    #expect(raw?.split(separator: " ").count == 2 && raw != speculative)
    #expect(engine.readings.last == whole[0].samples.count, "the whole stretch was read; the early reading unused")
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

    // The keyboard's view after every state the host publishes.
    let seen = LiveTextLog()
    let published = harness.notifier.posts()
    let watching = Task.detached {
      for await name in published where name == ChannelFile.state { seen.note(harness.keyboard.state) }
    }
    defer { watching.cancel() }
    // Speech going on (no pause as long as the detector's padding: the user is still speaking) is drafted.
    microphone.play(toneBursts(4, burst: 0.9, gap: 0.1))
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
    #expect(harness.channel.readResult(id: id).value?.rawText == (try await wholeRecordingText(audio)))
    await harness.stop()
  }

  @Test("the live text is shown cleaned up for the field; the final text is formatted from the engine's words")
  func liveTextIsCleanedUp() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(
      engine: engine, configuration: HostConfiguration(draftInterval: nil),
      liveCleanUp: { raw, field in " " + raw.uppercased() + " after " + field.textBeforeCursor })
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start, context: FieldContext(textBeforeCursor: "Hi"))
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    let audio = toneBursts(2)
    microphone.play(audio)
    let expected = try await wholeRecordingText(audio)
    let shown = expected.uppercased() + " after Hi"
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == shown })

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == expected)
    #expect(
      harness.channel.readResult(id: id).value?.text == " " + expected.prefix(1).uppercased() + expected.dropFirst()
        + ".")
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
