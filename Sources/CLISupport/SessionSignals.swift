import Dispatch
import Foundation

/// Signal handling for the long-running session commands.
package enum SessionSignals {
  /// Routes SIGTERM, SIGINT, SIGUSR1, SIGUSR2 and SIGHUP to `handler` (on a background queue).
  package static func install(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }
}
