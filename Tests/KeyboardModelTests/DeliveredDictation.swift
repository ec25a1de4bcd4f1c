import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import TestSupport

/// A keyboard over a container where session `s1` is live and has delivered `text` (heard as `raw`, `text` when nil)
/// as its first result, into a field holding `field`; the keyboard has appeared and inserted it.
func keyboardAfterDictating(
  _ text: String, heard raw: String? = nil, into field: String, in dir: TemporaryDirectory,
  configuration: KeyboardConfiguration = KeyboardConfiguration()
) async throws -> (KeyboardSession<SimulatedTextField>, SessionChannel) {
  let app = SessionChannel(container: dir.url)
  let now = Date().timeIntervalSince1970
  try app.writeState(HostState(seq: 1, sessionID: "s1", phase: .standby, heartbeat: now))
  try app.writeResult(
    DictationResult(id: "s1-1", sessionID: "s1", commandSeq: 1, text: text, rawText: raw ?? text, createdAt: now))
  let keyboard = KeyboardSession(
    channel: SessionChannel(container: dir.url), document: SimulatedTextField(text: field),
    watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1), configuration: configuration)
  await keyboard.appear()
  return (keyboard, app)
}

/// A keyboard on `clock` over a container where session `s1` is live and in standby, into a field holding `field`;
/// the keyboard has appeared. The channel is the app's side.
func keyboardInStandby(
  into field: String, in dir: TemporaryDirectory, clock: TestClock
) async throws -> (KeyboardSession<SimulatedTextField>, SessionChannel) {
  let app = SessionChannel(container: dir.url)
  try app.writeState(HostState(seq: 1, sessionID: "s1", phase: .standby, heartbeat: clock.now))
  let keyboard = KeyboardSession(
    channel: SessionChannel(container: dir.url), document: SimulatedTextField(text: field),
    watcher: ChannelWatcher(notifier: SilentNotifier(), pollInterval: 0.1, clock: clock.clock))
  await keyboard.appear()
  return (keyboard, app)
}
