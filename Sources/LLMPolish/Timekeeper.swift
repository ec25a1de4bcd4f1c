import Clocks

/// Time as polish sees it: a monotonic reading and a way to wait. Inject a test clock's to control time.
public struct Timekeeper: Sendable {
  /// Time since this timekeeper was made.
  public var elapsed: @Sendable () -> Duration
  /// Waits `duration`; throws when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  public init(
    elapsed: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.elapsed = elapsed
    self.sleep = sleep
  }

  /// Readings and waits from `clock`.
  public init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    self.init(elapsed: { origin.duration(to: clock.now) }, sleep: { try await clock.sleep(for: $0) })
  }

  /// Readings and waits from the core's clock (a test clock in tests).
  public init(clock: UtterClock) {
    let origin = clock.now()
    self.init(
      elapsed: { .milliseconds(Int64(((clock.now() - origin) * 1000).rounded())) },
      sleep: { try await clock.sleep(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) })
  }

  /// The system's monotonic clock.
  public static var continuous: Timekeeper { Timekeeper(ContinuousClock()) }
}
