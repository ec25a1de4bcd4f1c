import Clocks

/// Why a channel side should look at the container again.
public enum ChannelWakeup: Sendable, Equatable {
  case changed(String)
  /// The poll interval passed (a signal may have been missed).
  case poll
}

/// Merges change signals with a slow poll, so a missed signal delays a message but never loses it.
public struct ChannelWatcher: Sendable {
  public var notifier: any ChangeNotifier
  /// At most 0.5 s: the longest a missed signal can delay a message (unless `pace` says otherwise).
  public var pollInterval: Double
  public var clock: UtterClock
  /// When set, the poll interval from one poll to the next (the host slows it down while idle: `PollPace`).
  public var pace: (@Sendable () -> Double)?

  public init(notifier: any ChangeNotifier, pollInterval: Double = 0.5, clock: UtterClock = .system) {
    self.notifier = notifier
    self.pollInterval = min(pollInterval, 0.5)
    self.clock = clock
  }

  /// Wakeups until the consumer stops iterating. Temporary files (names starting with `.`) are left out.
  public func wakeups() -> AsyncStream<ChannelWakeup> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: ChannelWakeup.self, bufferingPolicy: .bufferingNewest(64))
    let changes = notifier.changes()
    let signals = Task {
      for await name in changes where !name.hasPrefix(".") {
        continuation.yield(.changed(name))
      }
    }
    let (clock, interval, pace) = (clock, pollInterval, pace)
    let polls = Task {
      while !Task.isCancelled {
        do { try await clock.sleep(pace?() ?? interval) } catch { break }
        continuation.yield(.poll)
      }
    }
    continuation.onTermination = { _ in
      signals.cancel()
      polls.cancel()
    }
    return stream
  }
}
