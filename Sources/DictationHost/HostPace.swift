import SessionChannel

/// How often the host reads the channel when no change signal came. Signals (Darwin notifications on iPhone) carry
/// every command; the poll only covers a missed one, so while nothing goes on (no dictation, no command for a
/// minute) it slows from every `busy` seconds to every `idle` seconds: over an 8-hour session that is 14,400 wakeups
/// instead of 57,600.
public struct HostPace: Sendable {
  /// Seconds without a command or dictation after which the host polls slowly.
  public static let quietAfter = 60.0

  public static func pollInterval(phase: HostPhase, lastActivity: Double, now: Double, busy: Double, idle: Double)
    -> Double
  {
    switch phase {
    case .standby, .interrupted, .inactive:
      return now - lastActivity >= quietAfter ? max(busy, idle) : busy
    case .activating, .recording, .transcribing, .delivering:
      return busy
    }
  }

  /// The interval the host's watcher polls at (`ChannelWatcher.follow`).
  package let poll: PollPace
  /// The watcher's own interval, kept while anything goes on.
  package let busy: Double
  /// When a command or dictation last happened.
  package private(set) var lastActivity = 0.0

  package init(busy: Double) {
    self.busy = busy
    poll = PollPace(busy)
  }

  /// A command arrived (or the session opened) at `now`: the host polls quickly again.
  package mutating func activity(at now: Double) {
    lastActivity = now
    poll.seconds = busy
  }

  /// The heartbeat at `now`: a dictation under way counts as activity; otherwise the poll slows to `idle` a minute
  /// after the last one.
  package mutating func heartbeat(phase: HostPhase, dictating: Bool, now: Double, idle: Double) {
    if dictating { lastActivity = now }
    poll.seconds = Self.pollInterval(phase: phase, lastActivity: lastActivity, now: now, busy: busy, idle: idle)
  }
}
