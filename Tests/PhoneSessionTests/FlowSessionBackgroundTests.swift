import Dictation
import DictationHost
import Foundation
import PhoneRules
import PhoneSession
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

@Suite(
  "The flow session in the background, on a phone as strict as iOS", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct FlowSessionBackgroundTests {
  typealias Fixture = FlowSessionTests.Fixture

  @Test("AirPods in the background: the iPhone's microphone records, nothing is refused, and one line says why")
  func airPodsInTheBackground() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await MainActor.run {
      fixture.audio.connect(.bluetooth)
      fixture.session.microphoneChoice = .headset
    }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    await MainActor.run { fixture.audio.move(to: .background) }
    let keyboard = Taps(channel: SessionChannel(container: fixture.shared.channel))
    try keyboard.send(.start)
    #expect(await eventually { await fixture.session.phase == .recording && fixture.audio.microphone.isCapturing })
    #expect(await eventually { await fixture.log.lines.contains(AudioSessionChange.withheldHeadset) })
    #expect(await fixture.audio.session.input == .builtInMicrophone)
    #expect(await fixture.audio.isRunning, "the engine never stopped")
    #expect(await fixture.audio.session.ducksOthers == false)
    fixture.audio.microphone.play(try TestPipeline.speech(in: fixture.store.folder))
    #expect(await fixture.audio.microphone.waitUntilTaken())
    try keyboard.send(.stop)
    #expect(await eventually { fixture.state()?.lastResultID != nil }, "the dictation is delivered")
    #expect(await fixture.audio.refusals.isEmpty)
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }

  @Test("a call that ends in the background leaves the microphone off; the host says the app must be opened")
  func callEndsInTheBackground() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await fixture.session.open(with: fixture.pipeline, shared: fixture.shared, data: fixture.data)
    #expect(await eventually { await fixture.session.status == .on })
    await MainActor.run {
      fixture.audio.move(to: .background)
      fixture.audio.callBegins()
    }
    #expect(
      await eventually { fixture.state()?.waitingOn == [.audioSession] && fixture.state()?.phase == .interrupted })
    #expect(await eventually { await fixture.indicator.shown.last == "Paused 0" }, "the lock screen: a call holds it")
    await MainActor.run { fixture.audio.callEnds(shouldResume: true) }
    #expect(await eventually { fixture.state()?.waitingOn == [.foreground] }, "only opening the app brings it back")
    #expect(
      await eventually { await fixture.indicator.shown.last == "Open Utter to resume 0" },
      "the lock screen names what brings the microphone back, not 'Paused'")
    #expect(fixture.state()?.phase == .interrupted)
    #expect(await fixture.audio.refusals == [.inBackground])
    #expect(await fixture.audio.isRunning == false)
    await MainActor.run { fixture.audio.move(to: .foreground) }
    #expect(await eventually { fixture.state()?.phase == .standby }, "the app on screen: the next tap records")
    #expect(await eventually { await fixture.indicator.shown.last == "Ready 0" })
    #expect(await fixture.audio.isRunning)
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })
  }

  @Test("a session that lasts until the user ends it shows no end time; one that expires shows its own")
  func noInventedCountdown() async throws {
    let fixture = try await Fixture(permission: true)
    defer { fixture.store.remove() }
    await fixture.session.open(
      with: fixture.pipeline, shared: fixture.shared, data: fixture.data, adjust: { $0.timeout = .never })
    #expect(await eventually { await fixture.session.status == .on })
    #expect(await eventually { await fixture.indicator.endTimes.count >= 2 })
    #expect(await fixture.indicator.endTimes.allSatisfy { $0 == nil }, "no countdown to an end that never comes")
    await fixture.session.end()
    #expect(await eventually { await fixture.session.status == .off })

    let expiring = try await Fixture(permission: true)
    defer { expiring.store.remove() }
    let opened = Date()
    await expiring.session.open(
      with: expiring.pipeline, shared: expiring.shared, data: expiring.data, adjust: { $0.timeout = .fiveMinutes })
    #expect(await eventually { await expiring.session.status == .on })
    let shown = try #require(await expiring.indicator.endTimes.first ?? nil)
    #expect(abs(shown.timeIntervalSince(opened) - 300) < 60, "five minutes from the start")
    await expiring.session.end()
    #expect(await eventually { await expiring.session.status == .off })
  }
}
