import Foundation
import SessionChannel
import TestSupport
import Testing

@Suite("Change signals")
struct ChangeSignalTests {
  #if os(Linux)
    @Test("inotify reports a file renamed into the container, by name (the poll alone never names a file)")
    func inotifyReportsRename() async throws {
      let dir = try TemporaryDirectory("signal")
      defer { dir.remove() }
      // The poll's clock never moves, so any wakeup here comes from inotify.
      let clock = TestClock()
      let watcher = ChannelWatcher(notifier: InotifyNotifier(directory: dir.url), pollInterval: 0.5, clock: clock.clock)
      // The watch is in place once `wakeups()` returns: a file written after it is reported.
      let wakeups = Collected(watcher.wakeups())
      defer { wakeups.stop() }
      try SessionChannel(container: dir.url).writeCommands(
        CommandLog(commands: [SessionCommand(seq: 1, sessionID: nil, kind: .stop, sentAt: 0)]))
      #expect(await eventually(timeout: 60) { wakeups.values.contains(.changed(ChannelFile.commands)) })
      #expect(!wakeups.values.contains(.poll))
    }
  #endif

  @Test("with no change signal at all (a missed notification) the poll still wakes the reader, repeatedly")
  func pollCoversMissedSignals() async throws {
    let clock = TestClock()
    let watcher = ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.5, clock: clock.clock)
    let wakeups = Collected(watcher.wakeups())
    defer { wakeups.stop() }
    for poll in 1...3 {
      #expect(await eventually { clock.sleeperCount == 1 }, "the watcher waits for its next poll")
      clock.advance(by: 0.25)
      #expect(clock.sleeperCount == 1, "half the interval wakes nobody")
      clock.advance(by: 0.25)
      #expect(await eventually { wakeups.values.count == poll }, "poll \(poll) comes at the interval")
    }
    #expect(wakeups.values == [.poll, .poll, .poll])
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
