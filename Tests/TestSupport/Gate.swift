import Foundation

/// A gate a fake waits at until the test opens it: a server's reply or an engine's answer that cannot come before
/// the test says so, however fast or slow the machine. Once open it stays open; a waiting task that is cancelled
/// goes on at once, as a cancelled sleep would.
public final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen: Bool
  private var waiters: [(id: UUID, continuation: CheckedContinuation<Void, Never>)] = []
  private var arrivals = 0

  public init(open: Bool = false) {
    isOpen = open
  }

  /// Whether the gate has been opened.
  public var opened: Bool { lock.withLock { isOpen } }
  /// How many tasks are waiting at the gate now.
  public var waiting: Int { lock.withLock { waiters.count } }
  /// How many times a task has come to the gate, open or not.
  public var arrived: Int { lock.withLock { arrivals } }

  /// Opens the gate: every waiting task goes on, and later ones do not stop.
  public func open() {
    let released = lock.withLock {
      isOpen = true
      let released = waiters
      waiters.removeAll()
      return released
    }
    for waiter in released { waiter.continuation.resume() }
  }

  /// Returns once the gate is open (or the task is cancelled).
  public func wait() async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let goOn: Bool = lock.withLock {
          arrivals += 1
          if isOpen || Task.isCancelled { return true }
          waiters.append((id, continuation))
          return false
        }
        if goOn { continuation.resume() }
      }
    } onCancel: {
      let cancelled = lock.withLock {
        let found = waiters.first { $0.id == id }
        waiters.removeAll { $0.id == id }
        return found
      }
      cancelled?.continuation.resume()
    }
  }
}
