import Foundation

/// Wall-clock time and waiting: the one clock the core takes, so that tests control time (`TestClock`). Wall time,
/// not monotonic, because the keyboard and the app are different processes that compare each other's timestamps.
public struct UtterClock: Sendable {
  /// Seconds since 1970.
  public var now: @Sendable () -> Double
  /// Suspends for the given number of seconds (throws when the task is cancelled).
  public var sleep: @Sendable (_ seconds: Double) async throws -> Void

  public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void) {
    self.now = now
    self.sleep = sleep
  }

  public static let system = UtterClock(
    now: { Date().timeIntervalSince1970 },
    sleep: { seconds in
      guard seconds > 0 else { return try Task.checkCancellation() }
      try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    })

  public func date() -> Date { Date(timeIntervalSince1970: now()) }

  /// Sleeps until `deadline` on this clock.
  public func sleep(until deadline: Double) async throws {
    try await sleep(deadline - now())
  }
}
