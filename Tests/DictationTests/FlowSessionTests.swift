import Dictation
import DictationHost
import Foundation
import Locations
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

/// The phone's audio, played by the test: what the session asked of it, and a microphone fed by hand. Like the real
/// one, the microphone cannot start on an inactive audio session, and a call deactivates the session.
@MainActor
final class AudioStandIn: FlowAudio {
  var permissionGranted: Bool?
  var answer = true
  var isRunning = false
  var failsToStart = false
  var otherAudioPlaying = false
  var headset = AudioSituation.Headset.none
  var onEvent: ((FlowAudioEvent) -> Void)?
  var calls: [String] = []
  /// Every plan applied, in order.
  var plans: [AudioSessionPlan] = []
  var sessionActive = false
  let microphone = ManualMicrophone()

  init(permission: Bool?) { permissionGranted = permission }

  func requestPermission() async -> Bool {
    calls.append("ask")
    permissionGranted = answer
    return answer
  }
  func apply(_ plan: AudioSessionPlan) throws {
    plans.append(plan)
    sessionActive = plan.active
    calls.append(plan.active ? (plan.input == .headset ? "apply headset" : "apply iPhone mic") : "apply inactive")
  }
  func ensureRunning() throws {
    if failsToStart || !sessionActive { throw CocoaError(.featureUnsupported) }
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
    sessionActive = false
  }
  func rebuild() { calls.append("rebuild") }
  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource { microphone }

  /// A call: the system deactivates the session and stops the microphone, then says so.
  func callBegins() {
    sessionActive = false
    isRunning = false
    onEvent?(.interrupted)
  }
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
    #expect(await fixture.audio.calls == ["ask", "apply iPhone mic", "start"])
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

  @Test("after a call the session is activated again and the microphone started, even without shouldResume")
  func callEnds() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    await MainActor.run { fixture.audio.callBegins() }
    #expect(await fixture.audio.isRunning == false)
    #expect(await eventually { fixture.state()?.phase == .interrupted }, "the keyboard sees the call")
    await MainActor.run { fixture.audio.onEvent?(.interruptionEnded(shouldResume: false)) }
    #expect(
      await fixture.audio.calls == ["apply iPhone mic", "start", "halt", "apply iPhone mic", "start"],
      "the session is made active again before the microphone starts")
    #expect(await fixture.audio.isRunning)
    #expect(await eventually { fixture.state()?.phase == .standby }, "the next tap records")
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }

  @Test(
    "AirPods and music: the iPhone's microphone while recording, call quality only when asked; a headset gone mid-dictation keeps it going"
  )
  func routePerDictation() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await MainActor.run {
      fixture.audio.headset = .bluetooth
      fixture.audio.otherAudioPlaying = true
    }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    #expect(await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == false, "standby never holds HFP")
    let keyboard = Taps(channel: SessionChannel(container: fixture.shared.channel))
    try keyboard.send(.start)
    #expect(await eventually { fixture.state()?.phase == .recording && fixture.audio.microphone.isCapturing })
    #expect(await eventually { await fixture.audio.plans.last?.options.contains(.duckOthers) == true })
    #expect(await fixture.audio.plans.last?.input == .builtInMicrophone, "music plays on: the iPhone's microphone")
    #expect(await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == false)
    // The AirPods go mid-dictation: the engine stops with the route change; the dictation goes on.
    await MainActor.run {
      fixture.audio.headset = .none
      fixture.audio.isRunning = false
      fixture.audio.onEvent?(.routeChanged)
    }
    #expect(await fixture.audio.isRunning, "the microphone runs again")
    #expect(fixture.state()?.phase == .recording, "the dictation was not cut")
    fixture.audio.microphone.play(try DictationPipelineTests.speech(in: fixture.store.folder))
    #expect(await fixture.audio.microphone.waitUntilTaken())
    try keyboard.send(.stop)
    #expect(await eventually { fixture.state()?.lastResultID != nil }, "its words are delivered")
    #expect(await eventually { await fixture.audio.plans.last?.options.contains(.mixWithOthers) == true })

    // The user chose the AirPods' microphone: call quality while recording, the music profile again after.
    await MainActor.run {
      fixture.audio.headset = .bluetooth
      fixture.session.microphoneChoice = .headset
    }
    try keyboard.send(.start)
    #expect(await eventually { await fixture.audio.plans.last?.input == .headset })
    #expect(await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == true)
    try keyboard.send(.cancel)
    #expect(await eventually { await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == false })
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }

  @Test("the app's own button opens the session when it is off and dictates through its host")
  func appButtonOpensTheSession() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    let button = await MainActor.run {
      AppDictation {
        [session = fixture.session, pipeline = fixture.pipeline, shared = fixture.shared, data = fixture.data] in
        try await session.runningHost(opening: pipeline, shared: shared, data: data)
      }
    }
    await button.start()
    #expect(await eventually { await button.phase == .listening })
    #expect(await fixture.session.status == .on)
    #expect(await eventually { fixture.audio.microphone.isCapturing })
    fixture.audio.microphone.play(
      try DictationPipelineTests.speech(in: fixture.store.folder) + [Float](repeating: 0, count: 16_000))
    #expect(await fixture.audio.microphone.waitUntilTaken())
    await button.finish()
    #expect(await eventually { if case .done = await button.phase { true } else { false } })
    #expect(
      await button.phase
        == .done(text: "See you at noon.", raw: "um see you at noon", historyID: (await button.doneID) ?? ""))
    #expect(await eventually { await fixture.session.wordsThisSession == 4 })
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }
}

/// The keyboard's taps, written to the channel by hand.
final class Taps: @unchecked Sendable {
  let channel: SessionChannel
  private var log = CommandLog()

  init(channel: SessionChannel) { self.channel = channel }

  func send(_ kind: CommandKind) throws {
    let command = SessionCommand(
      seq: log.lastSeq + 1, sessionID: channel.readState().value?.sessionID, kind: kind,
      sentAt: Date().timeIntervalSince1970)
    log.append(command)
    try channel.writeCommands(log)
  }
}

extension AppDictation {
  /// The history id of a finished dictation.
  var doneID: String? { if case .done(_, _, let id) = phase { id } else { nil } }
}
