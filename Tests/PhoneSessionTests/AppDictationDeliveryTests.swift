import Dictation
import DictationHost
import DictationValues
import Foundation
import PhoneRules
import PhoneSession
import SessionChannel
import SessionTestFakes
import SpeechReading
import Storage
import TestSupport
import Testing

/// What the app's pasteboard saw.
@MainActor
final class CopiedTexts {
  var texts: [String] = []
  var scene = AppScene.foreground
  var autoCopy = true

  var clipboard: AppClipboard {
    AppClipboard(autoCopy: { self.autoCopy }, scene: { self.scene }, write: { self.texts.append($0) })
  }
}

@Suite("Where the app's own dictation goes: the clipboard, the cursor, a Shortcut", .serialized)
struct AppDictationDeliveryTests {
  /// A flow session's host over a scripted engine that hears `words`, running until `body` returns.
  func withHost(
    hearing words: String, _ body: (DictationHost, ManualMicrophone, SessionChannel) async throws -> Void
  ) async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let pipeline = TestPipeline.pipeline(ScriptedEngine([words]), store: store)
    let microphone = ManualMicrophone()
    let shared = SharedFolder(channel: store.folder.path("group"))
    let host = pipeline.makeHost(
      on: HostDevices(
        shared: shared, notifier: SilentNotifier(), microphone: microphone, data: DataFolder(root: store.folder.url),
        clock: TestClock().clock, makeSegmenter: { EnergyPauseSegmenter() }, pollInterval: 0.05))
    let run = Task { try await host.run() }
    let channel = SessionChannel(container: shared.channel)
    #expect(await eventually { channel.readState().value?.phase == .standby })
    try await body(host, microphone, channel)
    await host.stop()
    _ = try? await run.value
  }

  /// Speaks into `button` (started for `target`) and taps done.
  func dictate(_ button: AppDictation, for target: AppDictationTarget, microphone: ManualMicrophone) async {
    await button.start(target: target)
    #expect(await eventually { await button.phase == .listening })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    await button.finish()
    #expect(await eventually { if case .done = await button.phase { true } else { false } })
  }

  @Test("with auto-copy on the app copies the text while it is on screen, and not from the background")
  func appCopiesOnScreen() async throws {
    try await withHost(hearing: "meet me at the harbour") { host, microphone, _ in
      let copied = await MainActor.run { CopiedTexts() }
      let button = await MainActor.run { AppDictation(clipboard: copied.clipboard) { host } }
      await dictate(button, for: .app, microphone: microphone)
      #expect(await copied.texts == ["Meet me at the harbour."])
      #expect(await button.copied == "Meet me at the harbour.")

      await MainActor.run { copied.scene = .background }
      await dictate(button, for: .app, microphone: microphone)
      #expect(await copied.texts == ["Meet me at the harbour."], "iOS keeps no write from the background")
      #expect(await button.copied == nil)

      await MainActor.run {
        copied.scene = .foreground
        copied.autoCopy = false
      }
      await dictate(button, for: .app, microphone: microphone)
      #expect(await copied.texts.count == 1, "auto-copy off copies nothing")
    }
  }

  @Test("a quick dictation goes to the cursor unless a Shortcut waits for it or it is a note")
  @MainActor
  func quickDictationTarget() async throws {
    let shortcut = ShortcutDictation()
    #expect(AppDictationTarget.quickDictation(asNote: false, openedBy: .widget, shortcut: shortcut) == .cursor(.widget))
    #expect(AppDictationTarget.quickDictation(asNote: true, openedBy: .shortcut, shortcut: shortcut) == .app)
    var whileWaiting: AppDictationTarget?
    let text = try await shortcut.text {
      whileWaiting = .quickDictation(asNote: false, openedBy: .shortcut, shortcut: shortcut)
      shortcut.finish(.success("Hello."))
    }
    #expect(whileWaiting == .shortcut)
    #expect(text == "Hello.")
    #expect(!shortcut.isWaiting)
  }

  @Test("the Shortcut that asked gets the text, which no keyboard is offered; a cancelled one gets why")
  func shortcutGetsTheText() async throws {
    try await withHost(hearing: "buy oat milk") { host, microphone, channel in
      let shortcut = await ShortcutDictation()
      let button = await MainActor.run { AppDictation(shortcut: shortcut) { host } }
      let waiting = Task { @MainActor in
        try await shortcut.text {
          button.start(target: .quickDictation(asNote: false, openedBy: .shortcut, shortcut: shortcut))
        }
      }
      #expect(await eventually { await button.phase == .listening })
      microphone.play(toneBursts(1))
      #expect(await microphone.waitUntilTaken())
      await button.finish()
      let text = try await waiting.value
      #expect(text == "Buy oat milk.")
      #expect(channel.resultIDs().isEmpty, "the shortcut uses the text: no keyboard types it too")

      let cancelled = Task { @MainActor in
        try await shortcut.text { button.start(target: .shortcut) }
      }
      #expect(await eventually { await button.phase == .listening })
      await button.cancel()
      await #expect(throws: ShortcutDictationError("The dictation was cancelled.")) { try await cancelled.value }
    }
  }
}
