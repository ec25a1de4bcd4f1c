import Dictation
import PhoneRules
import Testing

@testable import PhoneSession

@Suite("The audio session changes the phone's rules allow")
struct AudioSessionChangeTests {
  let standby = AudioRoutePolicy.plan(for: AudioSituation(activity: .standby, headset: .bluetooth))
  let withAirPods = AudioRoutePolicy.plan(
    for: AudioSituation(activity: .recording, headset: .bluetooth, microphone: .headset, ducksOthers: true))
  let ducking = AudioRoutePolicy.plan(for: AudioSituation(activity: .recording, ducksOthers: true))

  @Test("in the foreground ducking is switched by activating the session again, the only time iOS applies it")
  func foregroundReactivates() {
    let change = AudioSessionChange.change(from: standby, to: ducking, scene: .foreground, headset: .none)
    #expect(change == AudioSessionChange(plan: ducking, reactivates: true))
    let back = AudioSessionChange.change(from: ducking, to: standby, scene: .foreground, headset: .none)
    #expect(back.reactivates, "and again to lift it")
    let same = AudioSessionChange.change(from: standby, to: standby, scene: .foreground, headset: .none)
    #expect(same.plan == nil)
    let first = AudioSessionChange.change(from: nil, to: standby, scene: .background, headset: .none)
    #expect(first == AudioSessionChange(plan: standby), "a first activation needs nothing undone")
  }

  @Test("in the background AirPods stay in music quality: the iPhone's microphone records, and one line says why")
  func backgroundKeepsTheRoute() {
    let change = AudioSessionChange.change(from: standby, to: withAirPods, scene: .background, headset: .bluetooth)
    #expect(change.plan == nil, "standby's session records as it is: no profile switch, no ducking switch")
    #expect(withAirPods.inputPort(headset: .bluetooth) == .bluetoothHandsFree, "what the foreground would do")
    #expect(!change.reactivates)
    #expect(change.withheld == [AudioSessionChange.withheldDucking, AudioSessionChange.withheldHeadset])
    #expect(
      AudioRoutePolicy.microphoneChoiceNote.hasPrefix(
        "With AirPods or another Bluetooth headset, keyboard dictations record from the iPhone's microphone"),
      "Settings says what happens here")
    let inUtter = AudioSessionChange.change(from: standby, to: withAirPods, scene: .foreground, headset: .bluetooth)
    #expect(inUtter.plan?.inputPort(headset: .bluetooth) == .bluetoothHandsFree, "and in Utter itself, the AirPods'")
  }

  @Test("in the background a wired headset's microphone is fine: its format is the iPhone's, so nothing stops")
  func wiredInBackground() throws {
    let wired = AudioRoutePolicy.plan(for: AudioSituation(activity: .recording, headset: .wired, ducksOthers: false))
    let change = AudioSessionChange.change(from: standby, to: wired, scene: .background, headset: .wired)
    #expect(change.plan?.input == .headset)
    #expect(change.withheld.isEmpty)
  }

  @Test("iOS's notices as events: a call by its reason, our own category change ignored, ports to a headset")
  func phoneEvents() {
    #expect(PhoneAudioEvents.interruption(type: 1, reason: nil, options: nil) == .interrupted(.anotherSession))
    #expect(PhoneAudioEvents.interruption(type: 1, reason: 2, options: nil) == .interrupted(.builtInMicMuted))
    #expect(PhoneAudioEvents.interruption(type: 0, reason: nil, options: 1) == .interruptionEnded(shouldResume: true))
    #expect(PhoneAudioEvents.interruption(type: 0, reason: nil, options: 0) == .interruptionEnded(shouldResume: false))
    #expect(PhoneAudioEvents.interruption(type: 7, reason: nil, options: nil) == nil)
    #expect(PhoneAudioEvents.routeChange(reason: 2) == .routeChanged)
    #expect(PhoneAudioEvents.routeChange(reason: 3) == nil, "our own setCategory")
    #expect(PhoneAudioEvents.routeChange(reason: nil) == nil)
    #expect(PhoneAudioEvents.headset(ports: [.builtIn, .bluetoothA2DP]) == .bluetooth)
    #expect(PhoneAudioEvents.headset(ports: [.headsetMicrophone, .headphones]) == .wired)
    #expect(PhoneAudioEvents.headset(ports: [.builtIn, .other]) == .none)
    #expect(PhoneAudioEvents.preferredInputs(for: .builtInMicrophone) == [.builtIn])
  }
}
