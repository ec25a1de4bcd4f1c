import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing

/// The engine's loads and unloads, each load held at a gate until the test lets it finish (before it began, too).
final class EngineLoads: @unchecked Sendable {
  private let lock = NSLock()
  private var gates: [Gate] = []
  private var finished: Set<Int> = []
  private var unloads = 0

  /// How many loads began, and how many times the engine was let go.
  var started: Int { lock.withLock { gates.count } }
  var unloadCount: Int { lock.withLock { unloads } }

  func loading() async {
    let gate = lock.withLock {
      let gate = Gate(open: finished.contains(gates.count))
      gates.append(gate)
      return gate
    }
    await gate.wait()
  }

  func unloaded() { lock.withLock { unloads += 1 } }

  /// Lets load number `index` (from 0) finish, now or when it begins.
  func finish(_ index: Int) {
    let gate = lock.withLock { () -> Gate? in
      finished.insert(index)
      return index < gates.count ? gates[index] : nil
    }
    gate?.open()
  }
}

@Suite("Dictation host runtime: the phone's hard cases (cold taps, calls, memory)", .serialized)
struct HostPhoneCasesTests {
  @Test("a call cuts the dictation: the words before it are delivered, and the first tap after the call records")
  func callCutsTheDictation() async throws {
    let harness = try HostHarness(engine: SampleCountEngine(), configuration: HostConfiguration(draftInterval: nil))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(try await harness.startDictation())
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    await harness.host.interruptionBegan()
    #expect(await eventually { !harness.channel.resultIDs().isEmpty }, "the words before the call are delivered")
    let before = try #require(harness.archive.audio.values.first)
    #expect(harness.archive.dictations.map(\.rawText) == [try await wholeRecordingText(before)])
    #expect(harness.archive.dictations.first?.rawText.split(separator: " ").count == 1)
    #expect(await eventually { harness.keyboard.state?.phase == .interrupted }, "the call still has the microphone")
    await harness.host.interruptionEnded()
    #expect(harness.keyboard.state?.phase == .standby)
    #expect(try await harness.startDictation(captures: 2))
    microphone.play(toneBursts(2))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.archive.dictations.count == 2 }, "the first tap after the call records")
    #expect(harness.archive.dictations.last?.rawText.split(separator: " ").count == 2)
    await harness.stop()
  }

  @Test("a tap before the engine has loaded records from the tap; the text comes, complete, once it loads")
  func coldTap() async throws {
    let engine = SampleCountEngine()
    let loads = EngineLoads()
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil), loads: loads)
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby }, "ready to record before the engine")
    #expect(await eventually { loads.started == 1 }, "the engine loads behind the ready session")
    #expect(try await harness.startDictation())
    microphone.play(toneBursts(3))
    #expect(await microphone.waitUntilTaken())
    #expect(harness.keyboard.state?.liveText == nil, "no live text without an engine")
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.phase == .transcribing })
    #expect(engine.callCount == 0)
    #expect(!harness.spool.leftovers().isEmpty, "the audio waits on disk, not only in memory")
    loads.finish(0)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let audio = try #require(harness.archive.audio.values.first)
    #expect(audio.count >= toneBursts(3).count, "every sample from the tap was kept")
    #expect(harness.archive.dictations.first?.rawText == (try await wholeRecordingText(audio)))
    #expect(harness.archive.dictations.first?.rawText.split(separator: " ").count == 3)
    await harness.stop()
  }

  @Test("a memory warning lets the engine go; the next tap records at once and loads it again behind the capture")
  func memoryWarningUnloadsAndTheNextTapReloads() async throws {
    let engine = ScriptedEngine(["one", "two"])
    let loads = EngineLoads()
    let harness = try HostHarness(engine: engine, loads: loads)
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    loads.finish(0)
    #expect(await eventually { await harness.host.engineState == .loaded })
    await harness.host.memoryWarning()
    #expect(await harness.host.engineState == .unloaded)
    #expect(await eventually { loads.unloadCount == 1 }, "the device's shelf frees the model too")
    #expect(try await harness.startDictation())
    #expect(await eventually { loads.started == 2 }, "the tap loads the engine again")
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.phase == .transcribing })
    loads.finish(1)
    #expect(await eventually { harness.archive.dictations.count == 1 })
    #expect(harness.archive.dictations.first?.rawText == "one")
    await harness.stop()
  }

  @Test("after the idle limit without a dictation the engine is let go, and kept while dictations come")
  func idleUnload() async throws {
    let loads = EngineLoads()
    let harness = try HostHarness(
      engine: ScriptedEngine(["x"]), configuration: HostConfiguration(heartbeatInterval: 1, engineIdleUnload: 30),
      loads: loads)
    defer { harness.dir.remove() }
    loads.finish(0)
    #expect(await eventually { await harness.host.engineState == .loaded })
    let loadedAt = harness.clock.now
    harness.clock.advance(by: 29)
    #expect(await harness.host.engineState == .loaded)
    #expect(
      await eventually {
        harness.clock.advance(by: 0.5)
        return await harness.host.engineState == .unloaded
      })
    #expect(harness.clock.now - loadedAt >= 30)
    #expect(await eventually { loads.unloadCount == 1 })
    await harness.stop()
  }
}
