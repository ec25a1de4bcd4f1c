import Foundation

/// How often a watcher polls, changed while it runs (the host polls slowly while nothing goes on).
public final class PollPace: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Double

  public init(_ seconds: Double) { current = seconds }

  public var seconds: Double {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }
}

extension ChannelWatcher {
  /// Polls at `pace`, changed while the watcher runs.
  public mutating func follow(_ pace: PollPace) {
    self.pace = { pace.seconds }
  }
}
