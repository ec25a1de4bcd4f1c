import DictationHost
import Foundation
import SessionTestFakes
import SpeechEngine
import Testing

/// What a dictation waiting for the engine was handed.
private final class Handed: @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [String?] = []
  var all: [String?] { lock.withLock { answers } }
  func take(_ engine: (any SpeechEngine)?) { lock.withLock { answers.append(engine.map(\.id) ?? nil) } }
}

@Suite("Host engine: what loads, who waits, and what each waiter is handed")
struct HostEngineTests {
  enum Step: Sendable, CustomStringConvertible {
    case event(EngineResidency.Event)
    /// A dictation stops before the engine is ready and waits for it.
    case wait
    case loaded(now: Double)
    case failed(String)
    /// The session ends.
    case end

    var description: String {
      switch self {
      case .event(let event): "\(event)"
      case .wait: "wait"
      case .loaded(let now): "loaded at \(now)"
      case .failed(let why): "failed: \(why)"
      case .end: "end"
      }
    }
  }

  struct Case: Sendable, CustomStringConvertible {
    var steps: [Step]
    var state: EngineResidency.State
    /// Whether the engine is held, ready to read.
    var ready: Bool
    /// What each waiter was handed, in order (nil: no engine); waiters not handed anything are still waiting.
    var handed: [String?]
    var waiting: Int
    var failure: String? = nil
    var effects: [EngineResidency.Effect]
    var description: String { steps.map(\.description).joined(separator: ", ") }
  }

  static let cases: [Case] = [
    Case(
      steps: [.event(.sessionOpened), .event(.dictationStarted), .wait, .loaded(now: 1)],
      state: .loaded, ready: true, handed: ["scripted"], waiting: 0, effects: [.load]),
    Case(
      steps: [.event(.sessionOpened), .loaded(now: 1)],
      state: .loaded, ready: true, handed: [], waiting: 0, effects: [.load, .warmUp]),
    Case(
      steps: [.event(.sessionOpened), .event(.dictationStarted), .wait, .wait, .failed("no key for OpenAI")],
      state: .failed("no key for OpenAI"), ready: false, handed: [nil, nil], waiting: 0, failure: "no key for OpenAI",
      effects: [.load]),
    // The settings chose another engine while one loaded: the waiter waits for the new one, then gets it.
    Case(
      steps: [.event(.sessionOpened), .event(.dictationStarted), .wait, .event(.engineChanged), .loaded(now: 1)],
      state: .loading, ready: false, handed: [], waiting: 1,
      effects: [.load, .unload(reason: "the settings chose another engine"), .load]),
    Case(
      steps: [
        .event(.sessionOpened), .event(.dictationStarted), .wait, .event(.engineChanged), .loaded(now: 1),
        .loaded(now: 2),
      ],
      state: .loaded, ready: true, handed: ["scripted"], waiting: 0,
      effects: [.load, .unload(reason: "the settings chose another engine"), .load]),
    // A memory warning while a dictation waits: it is read first, and the engine goes once it is done.
    Case(
      steps: [
        .event(.sessionOpened), .event(.dictationStarted), .wait, .event(.memoryWarning), .loaded(now: 1),
        .event(.dictationEnded(now: 2)),
      ],
      state: .unloaded, ready: false, handed: ["scripted"], waiting: 0,
      effects: [.load, .unload(reason: "memory is short")]),
    Case(
      steps: [.event(.sessionOpened), .loaded(now: 0), .event(.warmUpFinished), .event(.tick(now: 61))],
      state: .unloaded, ready: false, handed: [], waiting: 0,
      effects: [.load, .warmUp, .unload(reason: "no dictation for 60 s")]),
    Case(
      steps: [.event(.sessionOpened), .event(.dictationStarted), .wait, .end],
      state: .loading, ready: false, handed: [nil], waiting: 0, effects: [.load]),
    // A failed load is tried again by the next dictation, and its failure no longer counts.
    Case(
      steps: [.event(.sessionOpened), .failed("damaged model"), .event(.dictationStarted)],
      state: .loading, ready: false, handed: [], waiting: 0, effects: [.load, .load]),
  ]

  @Test("each sequence of loads, waits and residency events", arguments: cases)
  func table(_ row: Case) {
    var engine = HostEngine(idleUnloadAfter: 60)
    let handed = Handed()
    var effects: [EngineResidency.Effect] = []
    for step in row.steps {
      switch step {
      case .event(let event):
        effects += engine.handle(event)
      case .wait:
        engine.wait { handed.take($0) }
      case .loaded(let now):
        let outcome = engine.loadFinished(ScriptedEngine(["words"]), now: now)
        effects += outcome.effects
        for waiter in outcome.released { waiter(outcome.engine) }
      case .failed(let why):
        let outcome = engine.loadFailed(EngineLoadFailure(engine: "openai", model: "", cause: why))
        effects += outcome.effects
        #expect(outcome.engine == nil)
        for waiter in outcome.released { waiter(nil) }
      case .end:
        for waiter in engine.releaseWaiters() { waiter(nil) }
      }
    }
    #expect(engine.residency.state == row.state)
    #expect((engine.ready != nil) == row.ready)
    #expect(engine.ready == nil || engine.loaded != nil)
    #expect(handed.all == row.handed)
    #expect(engine.waiting == row.waiting)
    #expect(engine.failure?.description == row.failure)
    #expect(effects == row.effects)
  }

  @Test("an engine let go is dropped at once, so no reading uses it after the unload")
  func unloadDrops() {
    var engine = HostEngine(idleUnloadAfter: nil)
    _ = engine.handle(.sessionOpened)
    _ = engine.loadFinished(ScriptedEngine(["words"]), now: 0)
    #expect(engine.loaded != nil)
    #expect(engine.handle(.memoryWarning) == [.stopWarmUp, .unload(reason: "memory is short")])
    #expect(engine.loaded == nil)
  }
}
