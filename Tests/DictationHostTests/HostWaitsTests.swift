import DictationHost
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechReading
import TestSupport
import Testing

/// Every state the host publishes, in order, as the app's `updates()` sees them.
final class PublishedStates: @unchecked Sendable {
  private let lock = NSLock()
  private var states: [HostState] = []
  private var task: Task<Void, Never>?

  init(_ host: DictationHost) async {
    let updates = await host.updates()
    task = Task { [weak self] in
      for await update in updates {
        if case .state(let state) = update { self?.lock.withLock { self?.states.append(state) } }
      }
    }
  }

  var all: [HostState] { lock.withLock { states } }
  /// How many states were published so far (a mark to read the later ones from).
  var count: Int { all.count }
  func since(_ mark: Int) -> [HostState] { Array(all.dropFirst(mark)) }
}

@Suite("The keyboard is told what the host waits on, exactly while it waits", .serialized)
struct HostWaitsTests {
  @Test("'loading its speech model' is published while a tapped dictation waits for the engine, and never otherwise")
  func modelLoading() async throws {
    let loads = EngineLoads()
    let harness = try HostHarness(engine: ScriptedEngine(["hello there"]), loads: loads)
    defer { harness.dir.remove() }
    let published = await PublishedStates(harness.host)
    #expect(await eventually { harness.keyboard.state?.phase == .standby && loads.started == 1 })
    #expect(harness.keyboard.state?.waitingOn == [], "ready to record: nothing waits on the loading engine yet")

    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    #expect(harness.keyboard.state?.waitingOn == [.modelLoading])
    harness.microphone.play(toneBursts(1))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.phase == .transcribing })
    #expect(harness.keyboard.state?.waitingOn == [.modelLoading])
    let loaded = published.count
    loads.finish(0)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    // NB: the subscription hears each state a moment after the file has it: wait for the standby there too.
    #expect(await eventually { published.since(loaded).contains { $0.phase == .standby } })

    let before = published.all.prefix(loaded)
    #expect(before.contains { $0.waitingOn.contains(.modelLoading) })
    for state in before {
      let dictating = [.recording, .transcribing, .delivering].contains(state.phase)
      #expect(state.waitingOn.contains(.modelLoading) == dictating, "\(state.phase): \(state.waitingOn)")
    }
    // NB: a state published between the mark and the load's end still (rightly) says the model is loading; from the
    // first that does not, none does again.
    let after = published.since(loaded)
    let ready = after.firstIndex { !$0.waitingOn.contains(.modelLoading) } ?? after.endIndex
    #expect(ready < after.endIndex, "the wait ends once the model has loaded")
    #expect(after[ready...].allSatisfy { !$0.waitingOn.contains(.modelLoading) })
    await harness.stop()
  }

  @Test("'recovering your last dictation' is published while a crash's audio is read, and never otherwise")
  func recovering() async throws {
    let dir = try TemporaryDirectory("host")
    defer { dir.remove() }
    _ = try spoolLeftByACrash(in: dir, id: "dead-9")
    let reading = Gate()
    let loads = EngineLoads()
    let harness = try HostHarness(
      engine: ScriptedEngine(["saved words"], answersAfter: reading), dir: dir, loads: loads)
    let published = await PublishedStates(harness.host)
    #expect(await eventually { harness.keyboard.state?.phase == .standby && loads.started == 1 })
    #expect(harness.keyboard.state?.waitingOn == [], "the engine is not loaded: nothing is being recovered yet")

    loads.finish(0)
    #expect(await eventually { harness.keyboard.state?.waitingOn == [.recovering] })
    #expect(harness.keyboard.state?.phase == .standby, "a tap still records while the crash's audio is read")
    #expect(harness.archive.dictations.isEmpty)
    reading.open()
    #expect(await eventually { harness.archive.dictations.map(\.uuid) == ["dead-9"] })
    #expect(await eventually { harness.keyboard.state?.waitingOn == [] })
    let recoveringStates = published.all.filter { $0.waitingOn.contains(.recovering) }
    #expect(!recoveringStates.isEmpty)
    #expect(recoveringStates.allSatisfy { $0.phase == .standby })
    await harness.stop()
  }

  @Test("without a crash's audio, recovering is never published")
  func nothingToRecover() async throws {
    let loads = EngineLoads()
    let harness = try HostHarness(engine: ScriptedEngine(["hi"]), loads: loads)
    defer { harness.dir.remove() }
    let published = await PublishedStates(harness.host)
    #expect(await eventually { harness.keyboard.state?.phase == .standby && loads.started == 1 })
    loads.finish(0)
    #expect(await eventually { await harness.host.engineState == .loaded })
    #expect(published.all.allSatisfy { !$0.waitingOn.contains(.recovering) })
    await harness.stop()
  }
}
