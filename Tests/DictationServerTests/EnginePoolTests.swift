import Foundation
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// An engine that answers only when the test opens its gate, and says which engine it is and with how many threads.
private struct HeldEngine: SpeechEngine {
  let id = "held"
  let model: String
  let gate: Gate
  let running: Counter

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    running.add(1)
    defer { running.add(-1) }
    await gate.wait()
    return Transcript(
      text: "\(model) with \(options.threads ?? 0) thread(s)", segments: [], language: "en", engine: id, model: model)
  }
}

/// A count shared by the fake engines.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private(set) var highest = 0
  func add(_ delta: Int) {
    lock.withLock {
      count += delta
      highest = max(highest, count)
    }
  }
  var value: Int { lock.withLock { count } }
}

@Suite("EnginePool")
struct EnginePoolTests {
  @Test("no more calls run than there are engines; the others wait their turn and all are answered")
  func bounded() async throws {
    let gate = Gate()
    let running = Counter()
    let depth = Counter()
    let pool = EnginePool(
      engines: [
        HeldEngine(model: "a", gate: gate, running: running), HeldEngine(model: "b", gate: gate, running: running),
      ],
      threadsPerCall: 1, observe: { waiting, _ in depth.add(waiting - depth.value) })
    let calls = (0..<5).map { _ in Task { try await pool.transcribe([0], options: TranscriptionOptions()).text } }
    #expect(await eventually { running.value == 2 && depth.value == 3 })
    gate.open()
    var answers: [String] = []
    for call in calls { answers.append(try await call.value) }
    #expect(answers.count == 5)
    #expect(running.highest == 2)
    #expect(await pool.waiting == 0)
  }

  @Test("every call gets the configured threads, alone or while another runs, so the load never changes a text")
  func threads() async throws {
    let gate = Gate()
    let running = Counter()
    let pool = EnginePool(
      engines: [
        HeldEngine(model: "a", gate: gate, running: running), HeldEngine(model: "b", gate: gate, running: running),
      ],
      threadsPerCall: 2)
    gate.open()
    let alone = try await pool.transcribe([0], options: TranscriptionOptions()).text
    #expect(alone.hasSuffix("with 2 thread(s)"))
    let held = Gate()
    let busy = EnginePool(
      engines: [
        HeldEngine(model: "a", gate: held, running: running), HeldEngine(model: "b", gate: held, running: running),
      ],
      threadsPerCall: 2)
    async let first = busy.transcribe([0], options: TranscriptionOptions()).text
    #expect(await eventually { running.value == 1 })
    async let second = busy.transcribe([0], options: TranscriptionOptions()).text
    #expect(await eventually { running.value == 2 })
    held.open()
    #expect(try await first.hasSuffix("with 2 thread(s)"))
    #expect(try await second.hasSuffix("with 2 thread(s)"))
  }

  @Test("a waiting call that is cancelled leaves the queue and never takes an engine")
  func cancelledWaiter() async throws {
    let gate = Gate()
    let running = Counter()
    let pool = EnginePool(engines: [HeldEngine(model: "a", gate: gate, running: running)], threadsPerCall: 1)
    let first = Task { try await pool.transcribe([0], options: TranscriptionOptions()) }
    #expect(await eventually { running.value == 1 })
    let waiting = Task { try await pool.transcribe([0], options: TranscriptionOptions()) }
    #expect(await eventually { await pool.waiting == 1 })
    waiting.cancel()
    #expect(await eventually { await pool.waiting == 0 })
    await #expect(throws: CancellationError.self) { _ = try await waiting.value }
    gate.open()
    _ = try await first.value
  }
}
