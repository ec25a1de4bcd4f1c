import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing

/// Collects what the host tells the app.
final class UpdatesSeen: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [HostUpdate] = []

  init(_ stream: AsyncStream<HostUpdate>) {
    Task { for await update in stream { self.lock.withLock { self.seen.append(update) } } }
  }

  var delivered: [HistoryEntry] {
    lock.withLock { seen.compactMap { if case .delivered(let d) = $0 { d } else { nil } } }
  }
  var phases: [HostPhase] {
    lock.withLock { seen.compactMap { if case .state(let s) = $0 { s.phase } else { nil } } }
  }
  var liveTexts: [String] {
    lock.withLock { seen.compactMap { if case .state(let s) = $0 { s.liveText?.text } else { nil } } }
  }
}

@Suite("The app's own dictation button, served by the keyboard's host", .serialized)
struct HostAppDictationTests {
  @Test(
    "the app's dictation records, shows live text and reaches history like the keyboard's, but no keyboard is offered it"
  )
  func appDictation() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    let updates = UpdatesSeen(await harness.host.updates())
    #expect(await eventually { harness.keyboard.state?.phase == .standby })

    #expect(await harness.host.requestFromApp(.start, context: FieldContext(textBeforeCursor: "Note:")))
    #expect(await eventually { harness.microphone.isCapturing })
    let audio = toneBursts(2)
    harness.microphone.play(audio)
    // The spool holds the audio while it is recorded, exactly as for the keyboard: a crash loses nothing.
    #expect(await eventually { !harness.spool.leftovers().isEmpty })
    #expect(await harness.microphone.waitUntilTaken())
    #expect(await eventually { !(updates.liveTexts.last ?? "").isEmpty }, "live text while recording")
    #expect(await harness.host.requestFromApp(.stop))
    #expect(await eventually { updates.delivered.count == 1 })

    let delivered = try #require(updates.delivered.first)
    #expect(delivered.origin == .app)
    #expect(delivered.rawText == (try await wholeRecordingText(audio)), "the same text as a file decode")
    #expect(!delivered.finalText.isEmpty)
    #expect(harness.archive.dictations.map(\.uuid) == [delivered.uuid], "in history before anyone sees it")
    #expect(harness.channel.resultIDs().isEmpty, "a keyboard never inserts the app's own text")
    #expect(harness.spool.leftovers().isEmpty)
    #expect(updates.phases.contains(.recording))
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    await harness.stop()
  }

  @Test("the app cannot start over a keyboard dictation, nor stop or cancel one")
  func keyboardDictationIsNotTheApps() async throws {
    let harness = try HostHarness(engine: SampleCountEngine())
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording })
    #expect(await harness.host.requestFromApp(.start) == false)
    #expect(await harness.host.requestFromApp(.stop) == false)
    #expect(await harness.host.requestFromApp(.cancel) == false)
    #expect(harness.keyboard.state?.phase == .recording)
    await harness.stop()
  }

  @Test("the keyboard's stop or cancel does not end the app's dictation")
  func appDictationIsNotTheKeyboards() async throws {
    let harness = try HostHarness(engine: SampleCountEngine())
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(await harness.host.requestFromApp(.start))
    #expect(await eventually { harness.keyboard.state?.phase == .recording })
    try harness.keyboard.send(.cancel)
    #expect(await eventually { harness.keyboard.state?.lastCommandSeq == 1 })
    #expect(harness.keyboard.state?.phase == .recording)
    #expect(await harness.host.requestFromApp(.cancel))
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    await harness.stop()
  }
}
