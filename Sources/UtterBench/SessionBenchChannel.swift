import CLISupport
import Foundation
import SessionChannel

/// Measures how long a message written by one side takes to be observed by the other (real files, inotify).
enum SessionBenchChannel {
  struct Figures {
    var samples: [Double]
    var missed: Int

    func percentile(_ p: Double) -> Double { BenchMeasure.percentile(samples, p, empty: .nan) }
  }

  /// Writes `iterations` commands (or states) and times each until the watching side has read it.
  static func measure(container: URL, iterations: Int, direction: String, sync: Bool) async throws -> Figures {
    let writer = SessionChannel(container: container, syncsMessages: sync)
    let reader = SessionChannel(container: container)
    try writer.prepare()
    let watcher = ChannelWatcher(notifier: ChangeNotifiers.platformDefault(container: container), pollInterval: 0.5)
    let observed = ObservedSeq()
    let watchedFile = direction == "keyboard→app" ? ChannelFile.commands : ChannelFile.state
    let wakeups = watcher.wakeups()
    let watch = Task.detached {
      for await wakeup in wakeups {
        if case .changed(let name) = wakeup, name != watchedFile { continue }
        let seq =
          watchedFile == ChannelFile.commands
          ? reader.readCommands().value?.lastSeq : reader.readState().value?.seq
        if let seq { observed.store(seq, at: DispatchTime.now().uptimeNanoseconds) }
      }
    }
    defer { watch.cancel() }
    try await Task.sleep(nanoseconds: 100_000_000)
    var samples: [Double] = []
    var missed = 0
    var log = CommandLog()
    for seq in 1...iterations {
      let start = DispatchTime.now().uptimeNanoseconds
      if watchedFile == ChannelFile.commands {
        log.append(SessionCommand(seq: seq, sessionID: "bench", kind: .stop, sentAt: Date().timeIntervalSince1970))
        try writer.writeCommands(log)
      } else {
        try writer.writeState(
          HostState(seq: seq, sessionID: "bench", phase: .recording, heartbeat: Date().timeIntervalSince1970))
      }
      var seen: UInt64?
      let deadline = start + 2_000_000_000
      while DispatchTime.now().uptimeNanoseconds < deadline {
        if let at = observed.time(for: seq) {
          seen = at
          break
        }
        try await Task.sleep(nanoseconds: 50_000)
      }
      if let seen { samples.append(Double(seen - start) / 1e6) } else { missed += 1 }
    }
    return Figures(samples: samples, missed: missed)
  }
}

/// The sequence number last observed by the reading side, and when.
final class ObservedSeq: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [Int: UInt64] = [:]

  func store(_ seq: Int, at time: UInt64) {
    lock.withLock {
      if times[seq] == nil { times[seq] = time }
    }
  }

  func time(for seq: Int) -> UInt64? { lock.withLock { times[seq] } }
}
