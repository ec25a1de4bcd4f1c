import Dictation
import DictationValues
import Testing

@testable import PhoneSession

@Suite("The audio session for each situation")
struct AudioRoutePolicyTests {
  typealias Situation = AudioSituation

  /// Situation → (active, input, HFP held, other audio ducked).
  static let cases: [(String, Situation, Bool, AudioSessionPlan.Input, Bool, Bool)] = [
    ("no session", Situation(activity: .off), false, .builtInMicrophone, false, false),
    ("a call has the audio", Situation(activity: .call, headset: .bluetooth), false, .builtInMicrophone, false, false),
    ("standby", Situation(activity: .standby), true, .builtInMicrophone, false, false),
    (
      "standby with AirPods and music: the music profile stays",
      Situation(activity: .standby, otherAudioPlaying: true, headset: .bluetooth, microphone: .headset), true,
      .builtInMicrophone, false, false
    ),
    ("recording, nothing connected", Situation(activity: .recording), true, .builtInMicrophone, false, true),
    (
      "recording with AirPods while music plays: the iPhone's microphone",
      Situation(activity: .recording, otherAudioPlaying: true, headset: .bluetooth), true, .builtInMicrophone, false,
      true
    ),
    (
      "recording with AirPods in silence: their microphone",
      Situation(activity: .recording, headset: .bluetooth), true, .headset, true, true
    ),
    (
      "the user chose the AirPods' microphone, music or not",
      Situation(activity: .recording, otherAudioPlaying: true, headset: .bluetooth, microphone: .headset), true,
      .headset, true, true
    ),
    (
      "the user chose the iPhone's microphone",
      Situation(activity: .recording, headset: .bluetooth, microphone: .iPhone), true, .builtInMicrophone, false, true
    ),
    (
      "a wired headset's microphone costs nothing",
      Situation(activity: .recording, otherAudioPlaying: true, headset: .wired),
      true, .headset, false, true
    ),
    (
      "no ducking when the user turned it off", Situation(activity: .recording, ducksOthers: false), true,
      .builtInMicrophone, false, false
    ),
  ]

  @Test("active, input, Bluetooth profile and ducking", arguments: cases.indices)
  func plan(_ index: Int) {
    let (name, situation, active, input, hfp, ducks) = Self.cases[index]
    let plan = AudioRoutePolicy.plan(for: situation)
    #expect(plan.active == active, "\(name)")
    guard active else { return }
    #expect(plan.input == input, "\(name)")
    #expect(plan.options.contains(.allowBluetoothHFP) == hfp, "\(name)")
    #expect(plan.options.contains(.duckOthers) == ducks, "\(name)")
    #expect(plan.options.contains(.mixWithOthers) != ducks, "\(name): other audio keeps playing either way")
    #expect(plan.options.contains(.allowBluetoothA2DP), "\(name): AirPods always keep the music profile available")
    #expect(plan.allowsHapticsWhileRecording, "\(name): taps and cues stay audible while recording")
  }

  @Test("every situation gets a plan that never holds Bluetooth's call mode outside a recording")
  func neverHFPOutsideRecording() {
    for activity in [Situation.Activity.off, .standby, .call] {
      for headset in [Situation.Headset.none, .bluetooth, .wired] {
        for microphone in MicrophoneChoice.allCases {
          for playing in [false, true] {
            let plan = AudioRoutePolicy.plan(
              for: Situation(activity: activity, otherAudioPlaying: playing, headset: headset, microphone: microphone))
            #expect(!plan.options.contains(.allowBluetoothHFP), "\(activity) \(headset) \(microphone) \(playing)")
          }
        }
      }
    }
  }
}
