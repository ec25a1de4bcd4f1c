import Clocks
import Foundation

/// A clock that moves only when the test says so: `now` stands still, and a sleep ends when `advance(by:)` takes
/// the time past its deadline (or its task is cancelled). Its `clock` drives the session, retries and the store.
public final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Double
  private var sleepers: [(id: UUID, deadline: Double, continuation: CheckedContinuation<Void, any Error>)] = []

  public init(_ start: Date = Date(timeIntervalSince1970: 1_795_341_600)) {
    current = start.timeIntervalSince1970
  }

  /// Seconds since 1970.
  public var now: Double { lock.withLock { current } }
  /// The current time as a date.
  public var date: Date { Date(timeIntervalSince1970: now) }
  /// How many sleeps are waiting for the clock to move.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// Moves time forward, waking every sleep whose deadline has come.
  public func advance(by seconds: Double) {
    set(Date(timeIntervalSince1970: now + seconds))
  }

  /// Sets the time (backwards too: a user changing the phone's clock), waking every sleep whose deadline has come.
  public func set(_ date: Date) {
    let due = lock.withLock {
      current = date.timeIntervalSince1970
      let now = current
      let due = sleepers.filter { $0.deadline <= now }
      sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// This clock as the core takes it.
  public var clock: UtterClock {
    // NB: held strongly, so `TestClock().clock` stays valid however long the core keeps it.
    UtterClock(now: { self.now }, sleep: { seconds in try await self.sleep(seconds) })
  }

  func sleep(_ seconds: Double) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = lock.withLock {
          let deadline = current + max(0, seconds)
          if deadline <= current || Task.isCancelled { return true }
          sleepers.append((id, deadline, continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = lock.withLock {
        let found = sleepers.first { $0.id == id }
        sleepers.removeAll { $0.id == id }
        return found
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }
}
