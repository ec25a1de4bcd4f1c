import Dictation
import DictationHost
import Foundation
import Locations
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

/// The phone's audio, played by the test: what the session asked of it, and a microphone fed by hand.
@MainActor
final class AudioStandIn: FlowAudio {
  var permissionGranted: Bool?
  var answer = true
  var isRunning = false
  var failsToStart = false
  var onEvent: ((FlowAudioEvent) -> Void)?
  var calls: [String] = []
  let microphone = ManualMicrophone()

  init(permission: Bool?) { permissionGranted = permission }

  func requestPermission() async -> Bool {
    calls.append("ask")
    permissionGranted = answer
    return answer
  }
  func ensureRunning() throws {
    if failsToStart { throw CocoaError(.featureUnsupported) }
    if !isRunning { calls.append("start") }
    isRunning = true
  }
  func halt() {
    calls.append("halt")
    isRunning = false
  }
  func shutDown() {
    calls.append("shut down")
    isRunning = false
  }
  func rebuild() { calls.append("rebuild") }
  func setRecording(_ recording: Bool) { if recording { calls.append("recording") } }
  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource { microphone }
}

@MainActor
final class IndicatorStandIn: FlowSessionIndicator {
  var shown: [String] = []
  func start(endsAt: Date) { shown.append("start") }
  func update(phase: HostPhase, wordsThisSession: Int, endsAt: Date) { shown.append("\(phase) \(wordsThisSession)") }
  func end() { shown.append("end") }
}

@Suite("The flow session the app holds for the keyboard", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct FlowSessionTests {
  struct Fixture {
    let store: TemporaryStore
    let pipeline: DictationPipeline
    let shared: SharedFolder
    let data: DataFolder
    let audio: AudioStandIn
    let indicator: IndicatorStandIn
    let session: FlowSession

    init(permission: Bool?, engine: ScriptedEngine = ScriptedEngine(["um see you at noon"])) async throws {
      store = try TemporaryStore()
      pipeline = DictationPipelineTests.pipeline(engine, store: store, source: .keyboard)
      shared = SharedFolder(appGroup: store.folder.path("group"))
      data = DataFolder(root: store.folder.url)
      (audio, indicator, session) = await MainActor.run {
        let audio = AudioStandIn(permission: permission)
        let indicator = IndicatorStandIn()
        return (audio, indicator, FlowSession(audio: audio, indicator: indicator, notifier: { _ in SilentNotifier() }))
      }
    }

    func state() -> HostState? { SessionChannel(container: shared.channel).readState().value }
  }

  @Test("opening asks for the microphone once, starts it, and the keyboard finds the session ready; ending releases it")
  func opensAndEnds() async throws {
    let fixture = try await Fixture(permission: nil)
    defer { fixture.store.remove() }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    #expect(fixture.state()?.phase == .standby)
    #expect(await fixture.audio.calls == ["ask", "start"])
    #expect(await fixture.indicator.shown.first == "start")
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
    #expect(await fixture.audio.calls.last == "shut down")
    #expect(await fixture.indicator.shown.last == "end")
    #expect(fixture.state()?.phase == .inactive)
  }

  @Test("a refused microphone fails the session with one line and starts nothing")
  func permissionRefused() async throws {
    let fixture = try await Fixture(permission: nil)
    defer { fixture.store.remove() }
    await MainActor.run { fixture.audio.answer = false }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .failed(DictationFailure.microphoneDenied.message) })
    #expect(await fixture.audio.calls == ["ask"])
    #expect(fixture.state() == nil, "no host, so the keyboard sees no session")
  }

  @Test("after a call the microphone is started again and the host told, so the next tap records")
  func callEnds() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    await MainActor.run { fixture.audio.onEvent?(.interrupted) }
    #expect(await fixture.audio.isRunning == false)
    await MainActor.run { fixture.audio.onEvent?(.interruptionEnded(shouldResume: false)) }
    #expect(await fixture.audio.calls == ["start", "halt", "start"], "restarted even without shouldResume")
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }

  @Test("the app's own button opens the session when it is off and dictates through its host")
  func appButtonOpensTheSession() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    let button = await MainActor.run {
      AppDictation { [session = fixture.session, pipeline = fixture.pipeline, shared = fixture.shared, data = fixture.data] in
        try await session.runningHost(opening: pipeline, shared: shared, data: data)
      }
    }
    await button.start()
    #expect(await eventually { await button.phase == .listening })
    #expect(await fixture.session.status == .on)
    #expect(await eventually { fixture.audio.microphone.isCapturing })
    fixture.audio.microphone.play(try DictationPipelineTests.speech(in: fixture.store.folder) + [Float](repeating: 0, count: 16_000))
    #expect(await fixture.audio.microphone.waitUntilTaken())
    await button.finish()
    #expect(await eventually { if case .done = await button.phase { true } else { false } })
    #expect(await button.phase == .done(text: "See you at noon.", raw: "um see you at noon", historyID: (await button.doneID) ?? ""))
    #expect(await eventually { await fixture.session.wordsThisSession == 4 })
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }
}

extension AppDictation {
  /// The history id of a finished dictation.
  var doneID: String? { if case .done(_, _, let id) = phase { id } else { nil } }
}
