import Foundation

/// Waiting for a condition the command line watches (a keyboard's phase, an insertion), polled every 5 ms.
package enum Polling {
  /// Polls `condition` every 5 ms for up to `seconds`.
  package static func waitUntil(_ seconds: Double, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if await condition() { return true }
      try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return await condition()
  }
}
