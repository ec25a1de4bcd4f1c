import Dictation
import DictationHost
import DictationValues
import Foundation
import PhoneRules
import PhoneSession
import SessionChannel
import SessionTestFakes
import Storage
import TestSupport
import Testing

/// The phone's audio, played by the test: what the session asked of it, and a microphone fed by hand. It is as strict
/// as iOS (`StrictAudioSession`): the microphone starts only on an active session, in the foreground, and not while
/// a route change reconfigures the engine; ducking takes effect only at activation; a route to another input format
/// stops the engine, and iOS says so a moment later.
@MainActor
final class AudioStandIn: FlowAudio {
  var permissionGranted: Bool?
  var answer = true
  var failsToStart = false
  var otherAudioPlaying = false
  var onEvent: ((FlowAudioEvent) -> Void)?
  var calls: [String] = []
  /// Every plan applied, in order.
  var plans: [AudioSessionPlan] = []
  /// What iOS refused, in order.
  var refusals: [MicrophoneStart.Refusal] = []
  private(set) var session = StrictAudioSession()
  let microphone = ManualMicrophone()

  init(permission: Bool?) { permissionGranted = permission }

  var isRunning: Bool { session.microphoneRunning }
  var headset: AudioSituation.Headset {
    switch session.headset {
    case .none: .none
    case .bluetooth: .bluetooth
    case .wired: .wired
    }
  }
  var scene: AppScene { session.scene }
  var inputName: String? { session.input.portName }

  func requestPermission() async -> Bool {
    calls.append("ask")
    permissionGranted = answer
    return answer
  }
  func apply(_ plan: AudioSessionPlan) throws {
    plans.append(plan)
    calls.append(plan.active ? (plan.input == .headset ? "apply headset" : "apply iPhone mic") : "apply inactive")
    post(session.configure(options: plan.sessionOptions, prefersHeadset: plan.input == .headset, active: plan.active))
  }
  func ensureRunning() throws {
    if failsToStart { throw CocoaError(.featureUnsupported) }
    let wasRunning = session.microphoneRunning
    do {
      try session.startMicrophone()
    } catch {
      refusals.append(error)
      throw error
    }
    if !wasRunning { calls.append("start") }
  }
  func halt() {
    calls.append("halt")
    session.stopMicrophone()
  }
  func shutDown() {
    calls.append("shut down")
    session.stopMicrophone()
    _ = session.configure(options: [], prefersHeadset: false, active: false)
  }
  func rebuild() { calls.append("rebuild") }
  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource { microphone }

  /// A call: the system deactivates the session and stops the microphone, then says so.
  func callBegins() {
    session.interruptionBegan()
    onEvent?(.interrupted(.anotherSession))
  }

  /// The call ends; iOS invites a resume or not.
  func callEnds(shouldResume: Bool) {
    session.interruptionEnded()
    onEvent?(.interruptionEnded(shouldResume: shouldResume))
  }

  /// The user opens the app or leaves it.
  func move(to scene: AppScene) {
    session.scene = scene
    onEvent?(.sceneChanged(scene))
  }

  /// A headset comes or goes.
  func connect(_ headset: StrictAudioSession.Headset) { post(session.connect(headset)) }

  /// What iOS posts after a change, a moment later (as notifications arrive on the main queue).
  private func post(_ notices: [StrictAudioSession.Notice]) {
    guard !notices.isEmpty else { return }
    Task { @MainActor in
      for notice in notices {
        switch notice {
        case .routeChanged(let reason):
          if let event = PhoneAudioEvents.routeChange(reason: reason.rawValue) { onEvent?(event) }
        case .engineConfigurationChanged:
          session.configurationChangePosted()
          onEvent?(.engineStopped)
        }
      }
    }
  }
}

@MainActor
final class IndicatorStandIn: FlowSessionIndicator {
  var shown: [String] = []
  /// The end times shown (nil: none, the session lasts until the user ends it).
  var endTimes: [Date?] = []
  func start(_ state: SessionActivityState) {
    shown.append("start")
    endTimes.append(state.endsAt)
  }
  func update(_ state: SessionActivityState) {
    shown.append("\(state.phase.label) \(state.wordsThisSession)")
    endTimes.append(state.endsAt)
  }
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
    /// What the session logged.
    let log: LoggedLines

    init(permission: Bool?, engine: ScriptedEngine = ScriptedEngine(["um see you at noon"])) async throws {
      store = try TemporaryStore()
      pipeline = TestPipeline.pipeline(engine, store: store, origin: .keyboard)
      shared = SharedFolder(appGroup: store.folder.path("group"))
      data = DataFolder(root: store.folder.url)
      (audio, indicator, session, log) = await MainActor.run {
        let audio = AudioStandIn(permission: permission)
        let indicator = IndicatorStandIn()
        let log = LoggedLines()
        let session = FlowSession(
          audio: audio, indicator: indicator, notifier: { _ in SilentNotifier() }, log: { log.lines.append($0) })
        return (audio, indicator, session, log)
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
    await MainActor.run { fixture.audio.callEnds(shouldResume: false) }
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
      fixture.audio.connect(.bluetooth)
      fixture.audio.otherAudioPlaying = true
    }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    #expect(await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == false, "standby never holds HFP")
    #expect(await fixture.audio.session.ducksOthers == false, "music plays at full volume in standby")
    let keyboard = Taps(channel: SessionChannel(container: fixture.shared.channel))
    try keyboard.send(.start)
    #expect(await eventually { fixture.state()?.phase == .recording && fixture.audio.microphone.isCapturing })
    #expect(await eventually { await fixture.audio.session.ducksOthers }, "activated again, so the music is lowered")
    #expect(await fixture.audio.plans.last?.input == .builtInMicrophone, "music plays on: the iPhone's microphone")
    #expect(await eventually { fixture.state()?.microphone == "iPhone Microphone" }, "and the keyboard says so")
    #expect(await fixture.audio.plans.last?.options.contains(.allowBluetoothHFP) == false)
    #expect(await fixture.audio.isRunning)
    fixture.audio.microphone.play(try TestPipeline.speech(in: fixture.store.folder))
    #expect(await fixture.audio.microphone.waitUntilTaken())
    try keyboard.send(.stop)
    #expect(await eventually { fixture.state()?.lastResultID != nil }, "its words are delivered")
    #expect(await eventually { await fixture.audio.session.ducksOthers == false }, "and the music is back")

    // The user chose the AirPods' microphone: call quality while recording. The AirPods go mid-dictation: the
    // engine stops with the new input format, starts again after its configuration change, and the dictation goes on.
    await MainActor.run { fixture.session.microphoneChoice = .headset }
    try keyboard.send(.start)
    #expect(await eventually { await fixture.audio.session.input == .bluetoothHandsFree })
    #expect(await eventually { await fixture.audio.isRunning }, "running again after the switch to call quality")
    #expect(await eventually { fixture.state()?.microphone == "AirPods" }, "the keyboard shows the AirPods' microphone")
    await MainActor.run { fixture.audio.connect(.none) }
    #expect(await eventually { await fixture.audio.isRunning }, "the microphone runs again")
    #expect(await fixture.audio.session.input == .builtInMicrophone)
    #expect(await fixture.audio.refusals.isEmpty, "no tap went in while the route was changing")
    #expect(await fixture.session.phase == .recording, "the dictation was not cut")
    #expect(await eventually { fixture.state()?.microphone == "iPhone Microphone" }, "and the iPhone's is shown")
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
      try TestPipeline.speech(in: fixture.store.folder) + [Float](repeating: 0, count: 16_000))
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

/// Lines a flow session logged.
@MainActor
final class LoggedLines {
  var lines: [String] = []
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
