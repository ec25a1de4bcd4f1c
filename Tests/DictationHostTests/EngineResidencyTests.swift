import DictationHost
import SessionChannel
import Testing

@Suite("Engine residency")
struct EngineResidencyTests {
  typealias Event = EngineResidency.Event
  typealias Effect = EngineResidency.Effect

  /// Runs `events` from a fresh residency (10 minutes idle) and returns the effects of each, and the state after.
  static func run(_ events: [Event], idle: Double? = 600) -> (effects: [[Effect]], state: EngineResidency.State) {
    var residency = EngineResidency(idleUnloadAfter: idle)
    let effects = events.map { residency.handle($0) }
    return (effects, residency.state)
  }

  static let memory: Effect = .unload(reason: "memory is short")

  static let cases: [(String, [Event], [[Effect]], EngineResidency.State)] = [
    ("the session loads at once", [.sessionOpened], [[.load]], .loading),
    ("a second open does not load twice", [.sessionOpened, .sessionOpened], [[.load], []], .loading),
    (
      "a tap while loading records and waits, no second load", [.sessionOpened, .dictationStarted],
      [[.load], []], .loading
    ),
    (
      "a cold tap with nothing loaded loads behind the capture", [.dictationStarted], [[.load]], .loading
    ),
    ("loaded with no one waiting: warmed", [.sessionOpened, .loadFinished(now: 5)], [[.load], [.warmUp]], .loaded),
    (
      "a tap during the warm-up stops it, so the dictation's first reading runs at once",
      [.sessionOpened, .loadFinished(now: 5), .dictationStarted], [[.load], [.warmUp], [.stopWarmUp]], .loaded
    ),
    (
      "a cold tap's engine is not warmed: the dictation's own first reading is its first call",
      [.sessionOpened, .dictationStarted, .loadFinished(now: 5)], [[.load], [], []], .loaded
    ),
    (
      "a tap after the warm-up finds it done",
      [.sessionOpened, .loadFinished(now: 5), .warmUpFinished, .dictationStarted], [[.load], [.warmUp], [], []],
      .loaded
    ),
    (
      "a memory warning during the warm-up stops it and lets go",
      [.sessionOpened, .loadFinished(now: 0), .memoryWarning], [[.load], [.warmUp], [.stopWarmUp, memory]], .unloaded
    ),
    (
      "idle for the limit: let go",
      [.sessionOpened, .loadFinished(now: 5), .warmUpFinished, .tick(now: 604), .tick(now: 605)],
      [[.load], [.warmUp], [], [], [.unload(reason: "no dictation for 600 s")]], .unloaded
    ),
    (
      "idle counts from the last dictation's end",
      [.sessionOpened, .loadFinished(now: 5), .dictationStarted, .dictationEnded(now: 100), .tick(now: 605)],
      [[.load], [.warmUp], [.stopWarmUp], [], []], .loaded
    ),
    (
      "never let go mid-dictation, however long",
      [.sessionOpened, .loadFinished(now: 0), .dictationStarted, .tick(now: 5000)],
      [[.load], [.warmUp], [.stopWarmUp], []], .loaded
    ),
    (
      "the next tap after an idle unload loads again",
      [.sessionOpened, .loadFinished(now: 0), .warmUpFinished, .tick(now: 600), .dictationStarted],
      [[.load], [.warmUp], [], [.unload(reason: "no dictation for 600 s")], [.load]], .loading
    ),
    (
      "a memory warning when idle lets go at once",
      [.sessionOpened, .loadFinished(now: 0), .warmUpFinished, .memoryWarning], [[.load], [.warmUp], [], [memory]],
      .unloaded
    ),
    (
      "a memory warning mid-dictation waits for its end",
      [.sessionOpened, .loadFinished(now: 0), .dictationStarted, .memoryWarning, .dictationEnded(now: 9)],
      [[.load], [.warmUp], [.stopWarmUp], [], [memory]], .unloaded
    ),
    (
      "a memory warning during the load lets go once loaded, if no one needs it",
      [.sessionOpened, .memoryWarning, .loadFinished(now: 3)], [[.load], [], [memory]], .unloaded
    ),
    (
      "a tap after a warning during the load keeps the engine for that dictation",
      [.sessionOpened, .memoryWarning, .dictationStarted, .loadFinished(now: 3), .dictationEnded(now: 9)],
      [[.load], [], [], [], []], .loaded
    ),
    ("a memory warning with nothing loaded does nothing", [.memoryWarning], [[]], .unloaded),
    (
      "a failed load is tried again at the next tap",
      [.sessionOpened, .loadFailed("no model"), .dictationStarted], [[.load], [], [.load]], .loading
    ),
    ("a failed load says why", [.sessionOpened, .loadFailed("no model")], [[.load], []], .failed("no model")),
    (
      "a late load result after an unload is ignored",
      [.sessionOpened, .loadFinished(now: 0), .warmUpFinished, .memoryWarning, .loadFinished(now: 1)],
      [[.load], [.warmUp], [], [memory], []], .unloaded
    ),
  ]

  @Test("when the engine loads and is let go", arguments: cases.indices)
  func residency(_ index: Int) {
    let (name, events, effects, state) = Self.cases[index]
    let result = Self.run(events)
    #expect(result.effects == effects, "\(name)")
    #expect(result.state == state, "\(name)")
  }

  @Test("with no idle limit the engine stays for the whole session")
  func neverIdle() {
    let result = Self.run([.sessionOpened, .loadFinished(now: 0), .tick(now: 1e9)], idle: nil)
    #expect(result.state == .loaded)
    #expect(result.effects.last == [])
  }
}

@Suite("How often the host polls the channel")
struct HostPaceTests {
  static let cases: [(HostPhase, Double, Double)] = [
    (.standby, 10, 0.5),
    (.standby, 59.9, 0.5),
    (.standby, 60, 2),
    (.interrupted, 600, 2),
    (.recording, 3_600, 0.5),
    (.transcribing, 3_600, 0.5),
    (.delivering, 3_600, 0.5),
    (.activating, 3_600, 0.5),
  ]

  @Test("quickly while something goes on or went on in the last minute, slowly when idle", arguments: cases.indices)
  func pace(_ index: Int) {
    let (phase, quiet, expected) = Self.cases[index]
    let interval = HostPace.pollInterval(phase: phase, lastActivity: 1_000, now: 1_000 + quiet, busy: 0.5, idle: 2)
    #expect(interval == expected, "\(phase) after \(quiet) s")
  }

  @Test("an idle interval below the busy one never speeds polling up")
  func neverFaster() {
    #expect(HostPace.pollInterval(phase: .standby, lastActivity: 0, now: 1_000, busy: 0.5, idle: 0.1) == 0.5)
  }
}
