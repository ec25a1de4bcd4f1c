import Foundation

/// How many requests the server takes at once: one per worker plus a bounded queue. A request beyond that is
/// answered 429 at once, before its upload is read, so memory stays flat however many clients come.
final class Admission: @unchecked Sendable {
  let capacity: Int
  private let lock = NSLock()
  private var admitted = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Takes a place; false when every place is taken.
  func enter() -> Bool {
    lock.withLock {
      guard admitted < capacity else { return false }
      admitted += 1
      return true
    }
  }

  /// Gives a place back.
  func leave() {
    lock.withLock { admitted = max(0, admitted - 1) }
  }

  /// Requests admitted now.
  var current: Int { lock.withLock { admitted } }

  /// Takes a place for a response that goes on after its handler returns (a stream), or throws 429.
  func place(retryAfter: Int) throws -> Place {
    guard enter() else { throw APIError.busy(retryAfter: retryAfter) }
    return Place(self)
  }

  /// A place held until `leave`, or until nothing holds it (a response never written gives its place back).
  final class Place: @unchecked Sendable {
    private let admission: Admission
    private let lock = NSLock()
    private var held = true

    fileprivate init(_ admission: Admission) {
      self.admission = admission
    }

    /// Gives the place back (once).
    func leave() {
      let wasHeld = lock.withLock {
        defer { held = false }
        return held
      }
      if wasHeld { admission.leave() }
    }

    deinit { leave() }
  }

  /// Runs `body` holding a place, or throws 429.
  func admitted<T>(retryAfter: Int, _ body: () async throws -> T) async throws -> T {
    guard enter() else { throw APIError.busy(retryAfter: retryAfter) }
    defer { leave() }
    return try await body()
  }
}
