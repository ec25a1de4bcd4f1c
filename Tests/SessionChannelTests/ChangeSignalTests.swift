import Foundation
import SessionChannel
import TestSupport
import Testing

@Suite("Change signals")
struct ChangeSignalTests {
  /// The first wakeup matching `predicate` within `timeout` seconds, and how long it took.
  func firstWakeup(
    _ stream: AsyncStream<ChannelWakeup>, timeout: Double, where predicate: @escaping @Sendable (ChannelWakeup) -> Bool
  ) async -> Double? {
    let start = Date()
    return await withTaskGroup(of: Double?.self) { group in
      group.addTask {
        for await wakeup in stream where predicate(wakeup) { return Date().timeIntervalSince(start) }
        return nil
      }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  #if os(Linux)
    @Test("inotify reports a file renamed into the container, by name (the poll alone never names a file)")
    func inotifyReportsRename() async throws {
      let dir = try TemporaryDirectory("signal")
      defer { dir.remove() }
      let watcher = ChannelWatcher(notifier: InotifyNotifier(directory: dir.url), pollInterval: 0.5)
      let stream = watcher.wakeups()
      try await Task.sleep(nanoseconds: 50_000_000)
      let channel = SessionChannel(container: dir.url)
      let writer = Task {
        try await Task.sleep(nanoseconds: 20_000_000)
        try channel.writeCommands(
          CommandLog(commands: [SessionCommand(seq: 1, sessionID: nil, kind: .stop, sentAt: 0)]))
      }
      let elapsed = await firstWakeup(stream, timeout: 60) { $0 == .changed(ChannelFile.commands) }
      try await writer.value
      #expect(elapsed != nil)
    }
  #endif

  @Test("with no change signal at all (a missed notification) the poll still wakes the reader, repeatedly")
  func pollCoversMissedSignals() async throws {
    let watcher = ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1)
    let stream = watcher.wakeups()
    let start = Date()
    var polls = 0
    for await wakeup in stream where wakeup == .poll {
      polls += 1
      if polls == 3 { break }
    }
    #expect(polls == 3)
    // Three polls at 0.1 s take at least 0.2 s after the first.
    #expect(Date().timeIntervalSince(start) >= 0.2)
  }

  @Test("the poll interval is capped at half a second")
  func pollIntervalCap() {
    #expect(ChannelWatcher(notifier: SilentNotifier(), pollInterval: 5).pollInterval == 0.5)
  }

  @Test("UTTER_NOTIFIER=poll turns change signals off")
  func pollOnlyEnvironment() {
    let notifier = ChangeNotifiers.platformDefault(
      container: URL(fileURLWithPath: "/tmp"), environment: ["UTTER_NOTIFIER": "poll"])
    #expect(notifier is SilentNotifier)
  }
}
