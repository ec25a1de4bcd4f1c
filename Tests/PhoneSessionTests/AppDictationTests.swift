import Dictation
import DictationHost
import DictationValues
import Foundation
import PhoneSession
import SessionChannel
import SessionTestFakes
import SpeechReading
import Storage
import TestSupport
import Testing

@Suite("The app's dictation button, through the host the factory builds", .serialized)
struct AppDictationTests {
  @Test(
    "the in-app button records through the flow session's host: cleaned text, history first, nothing for the keyboard")
  func appButton() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let engine = ScriptedEngine(["um so meet me at the harbour"])
    let pipeline = TestPipeline.pipeline(engine, store: store, origin: .keyboard)
    let microphone = ManualMicrophone()
    let clock = TestClock()
    let shared = SharedFolder(channel: store.folder.path("group"))
    let devices = HostDevices(
      shared: shared, notifier: SilentNotifier(), microphone: microphone, data: DataFolder(root: store.folder.url),
      clock: clock.clock, makeSegmenter: { EnergyPauseSegmenter() }, pollInterval: 0.05)
    let host = pipeline.makeHost(on: devices)
    let run = Task { try await host.run() }
    let channel = SessionChannel(container: shared.channel)
    #expect(await eventually { channel.readState().value?.phase == .standby })

    let button = await MainActor.run { AppDictation(openHost: { host }) }
    await button.start()
    #expect(await eventually { microphone.isCapturing })
    #expect(await eventually { await button.phase == .listening })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    await button.finish()
    #expect(await eventually { if case .done = await button.phase { true } else { false } })

    guard case .done(let text, let raw, let id) = await button.phase else { return }
    #expect(text == "So meet me at the harbour.")
    #expect(raw == "um so meet me at the harbour")
    let entry = try #require(try store.database.historyEntry(uuid: id))
    #expect(entry.finalText == text)
    #expect(entry.origin == .app, "kept as the app's own dictation, not the keyboard's")
    #expect(channel.resultIDs().isEmpty, "never offered to the keyboard")
    await host.stop()
    _ = try? await run.value
  }

  @Test("a tap that hears nothing says so in one line")
  func nothingHeard() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let pipeline = TestPipeline.pipeline(ScriptedEngine(["[BLANK_AUDIO]"]), store: store)
    let microphone = ManualMicrophone()
    let clock = TestClock()
    let shared = SharedFolder(channel: store.folder.path("group"))
    let host = pipeline.makeHost(
      on: HostDevices(
        shared: shared, notifier: SilentNotifier(), microphone: microphone,
        data: DataFolder(root: store.folder.url), clock: clock.clock, makeSegmenter: { EnergyPauseSegmenter() },
        pollInterval: 0.05))
    let run = Task { try await host.run() }
    #expect(await eventually { SessionChannel(container: shared.channel).readState().value?.phase == .standby })
    let button = await MainActor.run { AppDictation(openHost: { host }) }
    await button.start()
    #expect(await eventually { await button.phase == .listening })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    await button.finish()
    #expect(await eventually { await button.phase == .failed(DictationFailure.nothingHeard.message) })
    #expect(try store.database.historyCount() == 0)
    await host.stop()
    _ = try? await run.value
  }
}
