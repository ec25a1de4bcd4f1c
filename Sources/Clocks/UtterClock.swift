import Foundation

/// Wall-clock time and waiting: the one clock that the session, network retries, polish and the store take, so
/// that tests control time (`TestClock` in TestSupport) and nothing deep in the core reads the system clock.
///
/// Wall time (not a monotonic clock) because the keyboard and the app are different processes that compare
/// each other's timestamps.
public struct UtterClock: Sendable {
  /// Seconds since 1970.
  public var now: @Sendable () -> Double
  /// Suspends for the given number of seconds (throws when the task is cancelled).
  public var sleep: @Sendable (_ seconds: Double) async throws -> Void

  public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void) {
    self.now = now
    self.sleep = sleep
  }

  /// The system clock.
  public static let system = UtterClock(
    now: { Date().timeIntervalSince1970 },
    sleep: { seconds in
      guard seconds > 0 else { return try Task.checkCancellation() }
      try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    })

  /// The current time as a date.
  public func date() -> Date { Date(timeIntervalSince1970: now()) }

  /// Sleeps until `deadline` on this clock.
  public func sleep(until deadline: Double) async throws {
    try await sleep(deadline - now())
  }
}
