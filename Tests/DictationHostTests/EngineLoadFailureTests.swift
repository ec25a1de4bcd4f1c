import DictationHost
import Foundation
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

/// Whether the engine's key is missing, as a test sets it.
final class KeyMissing: @unchecked Sendable {
  private let lock = NSLock()
  private var missing = true

  var value: Bool {
    get { lock.withLock { missing } }
    set { lock.withLock { missing = newValue } }
  }
}

/// A dictation whose engine never loaded is never left waiting for the next session: history has it at once.
@Suite("Dictation host: an engine that cannot load", .serialized)
struct EngineLoadFailureTests {
  static let noKey = EngineLoadFailure(
    engine: "openai", model: "whisper-1", cause: "no API key for OpenAI: run `utter keys set openai`")

  /// A host whose engine cannot load while the key is missing, in standby with the load failed.
  static func brokenHost(_ key: KeyMissing, words: [String] = []) async throws -> HostHarness {
    let harness = try HostHarness(engine: ScriptedEngine(words), loadFailure: { key.value ? Self.noKey : nil })
    #expect(await eventually { await harness.host.engineState == .failed(Self.noKey.description) })
    return harness
  }

  @Test(
    "the keyboard hears why; history has the dictation at once, failed, under the engine chosen, with every sample; the spool is done"
  )
  func keptAtOnce() async throws {
    let key = KeyMissing()
    let harness = try await Self.brokenHost(key, words: ["works again"])
    defer { harness.dir.remove() }
    #expect(try await harness.startDictation())
    let audio = toneBursts(2)
    harness.microphone.play(audio)
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.failure?.reason == .transcriptionFailed })
    #expect(harness.keyboard.state?.failure?.cause == Self.noKey.description)
    let kept = try #require(harness.archive.dictations.first)
    #expect(kept.status == .failed && kept.errorMessage == Self.noKey.description)
    #expect(kept.engine == "openai" && kept.model == "whisper-1", "the engine the settings chose")
    #expect(kept.origin == .keyboard && kept.audioSeconds == 2.8)
    #expect(harness.archive.audio[kept.uuid] == audio, "every sample, for retry")
    #expect(harness.spool.leftovers().isEmpty, "nothing left for the next session to recover")
    #expect(harness.channel.resultIDs().isEmpty, "nothing is inserted")

    // The key is back: the next dictation loads the engine and is read.
    key.value = false
    #expect(try await harness.startDictation(captures: 2))
    harness.microphone.play(toneBursts(1))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(harness.archive.dictations.map(\.status) == [.failed, .complete])
    await harness.stop()
  }

  @Test("history full as well: the failed dictation waits in the spool and is recorded, whole, once history takes it")
  func keptOnceHistoryCan() async throws {
    let key = KeyMissing()
    let harness = try await Self.brokenHost(key)
    defer { harness.dir.remove() }
    harness.archive.fail(with: "No space left on device")
    #expect(try await harness.startDictation())
    let audio = toneBursts(1)
    harness.microphone.play(audio)
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.failure?.reason == .transcriptionFailed })
    let id = try #require(harness.spool.leftovers().first?.dictationID, "the audio waits in the spool meanwhile")

    harness.archive.fail(with: nil)
    harness.clock.advance(by: 6)
    #expect(await eventually { harness.archive.contains(id: id) })
    #expect(harness.archive.dictations.first?.status == .failed)
    #expect(harness.archive.audio[id] == audio)
    #expect(await eventually { harness.spool.leftovers().isEmpty })
    await harness.stop()
  }
}
