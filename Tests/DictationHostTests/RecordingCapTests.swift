import DictationHost
import DictationValues
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

@Suite("Length cap: the warning before it, and keep going")
struct RecordingCapTests {
  @Test(
    "the countdown shows for the cap's last 30 s, a quarter of a short cap, and never less than 5 s (half of a tiny one)",
    arguments: [(600.0, 30.0), (3600, 30), (120, 30), (60, 15), (20, 5), (10, 5), (8, 4), (5, 2.5)])
  func warningLength(cap: Double, warning: Double) {
    #expect(RecordingCap(length: cap).warning == warning)
  }

  @Test("before the warning nothing shows; in it, the seconds left, down to 0 at the cap")
  func secondsLeft() {
    let cap = RecordingCap(length: 600)
    #expect(cap.stopsIn(after: 569.9) == nil)
    #expect(cap.stopsIn(after: 570) == 30)
    #expect(cap.stopsIn(after: 599.5) == 0.5)
    #expect(cap.stopsIn(after: 601) == 0)
  }

  @Test("keep going moves the cap one full length on, once; the second warning offers no more")
  func keepGoingOnce() {
    var cap = RecordingCap(length: 600)
    #expect(cap.canKeepGoing)
    let kept = cap.keepGoing()
    #expect(kept)
    #expect(cap.limit == 1200)
    #expect(cap.stopsIn(after: 590) == nil, "the warning is gone until the new cap nears")
    #expect(cap.stopsIn(after: 1180) == 20)
    #expect(!cap.canKeepGoing)
    let again = cap.keepGoing()
    #expect(!again)
    #expect(cap.limit == 1200)
  }
}

@Suite("Host state machine: keep going")
struct HostKeepGoingTests {
  @Test("keep going while the keyboard's dictation records asks the runtime to extend it, and nothing else changes")
  func keepGoingWhileRecording() throws {
    var model = HostModel.recording()
    let dictation = try #require(model.dictation)
    #expect(model.handle(.command(command(.keepGoing, 2), now: 30)) == [.keepGoing(dictation)])
    #expect(model.phase == .recording)
    #expect(model.dictation == dictation)
  }

  @Test("keep going does nothing once the dictation stopped, in standby, or for another session")
  func keepGoingIgnored() {
    var stopped = HostModel.recording()
    _ = stopped.handle(.recordingLimitReached(dictationID: "s1-1", now: 8))
    #expect(stopped.handle(.command(command(.keepGoing, 2), now: 8.1)).isEmpty)
    #expect(stopped.phase == .transcribing)

    var standby = HostModel.standby()
    #expect(standby.handle(.command(command(.keepGoing, 1), now: 1)).isEmpty)
    var other = HostModel.recording()
    #expect(other.handle(.command(command(.keepGoing, 2, session: "old"), now: 2)).isEmpty)
  }

  @Test("the keyboard cannot keep the app's own dictation going")
  func appDictationIsTheApps() {
    var model = HostModel.standby()
    _ = model.handle(.appRequest(.start, context: FieldContext(), now: 1))
    #expect(model.dictation?.origin == .app)
    #expect(model.handle(.command(command(.keepGoing, 1), now: 2)).isEmpty)
  }
}

@Suite("Host runtime: the length cap's warning")
struct HostRecordingCapTests {
  /// Plays `samples`, then lets the level's publish interval pass and waits again, so that the state the host
  /// publishes counts exactly what was played (the test clock stands still otherwise, and the host publishes its
  /// level at most every 0.1 s).
  ///
  /// NB: `waitUntilTaken` feeds the host empty probe buffers, and the last one may still be queued when it returns.
  /// A 50 ms buffer played once the clock had moved came behind that stale probe, which took the publish and counted
  /// the audio before it: the state said one buffer fewer than was played, though every sample was recorded (the
  /// archive holds all of them). Here the buffer handled first after the clock moves comes after every sample played.
  static func record(_ samples: [Float], on harness: HostHarness) async -> Bool {
    harness.microphone.play(samples)
    guard await harness.microphone.waitUntilTaken() else { return false }
    harness.clock.advance(by: 0.2)
    return await harness.microphone.waitUntilTaken()
  }

  @Test(
    "near an 8 s cap the keyboard is told the seconds left; keep going records to 16 s, warns again without the offer, and stops there"
  )
  func warnKeepGoingAndStop() async throws {
    let harness = try HostHarness(
      engine: ScriptedEngine(["long dictation"]), configuration: HostConfiguration(maxRecordingSeconds: 8))
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    #expect(await Self.record(toneBursts(2), on: harness))  // 2.8 s: the warning begins 4 s before the cap
    #expect(harness.keyboard.state?.phase == .recording)
    #expect(harness.keyboard.state?.stopsIn == nil)

    #expect(await Self.record(toneBursts(2), on: harness))  // 5.6 s
    let left = try #require(harness.keyboard.state?.stopsIn)
    #expect(abs(left - 2.4) < 1e-9, "\(left) s left at 5.6 s of an 8 s cap")
    #expect(harness.keyboard.state?.canKeepGoing == true)

    try harness.keyboard.send(.keepGoing)
    #expect(await eventually { harness.keyboard.state?.lastCommandSeq == 2 })
    #expect(harness.keyboard.state?.stopsIn == nil, "16 s is not near yet")
    #expect(await Self.record(toneBursts(5), on: harness))  // 12.3 s: in the new cap's warning
    #expect(abs((harness.keyboard.state?.stopsIn ?? 0) - 3.7) < 1e-9, "\(harness.keyboard.state?.stopsIn ?? 0)")
    #expect(harness.keyboard.state?.canKeepGoing == false, "keep going is offered once")
    #expect(harness.keyboard.state?.phase == .recording)

    harness.microphone.play(toneBursts(4))  // past 16 s
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(harness.archive.dictations.first?.audioSeconds == 16, "recorded to the extended cap, and no further")
    await harness.stop()
  }

  @Test("the microphone's name is published while recording, never in standby")
  func microphoneName() async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["hello"]))
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    await harness.host.microphoneNamed("AirPods Pro")
    #expect(harness.keyboard.state?.microphone == nil)
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.microphone == "AirPods Pro" })
    await harness.host.microphoneNamed("iPhone Microphone")
    #expect(harness.keyboard.state?.microphone == "iPhone Microphone")
    try harness.keyboard.send(.cancel)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(harness.keyboard.state?.microphone == nil)
    await harness.stop()
  }
}
