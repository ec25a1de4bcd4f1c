import DictationValues

/// What the phone's audio is doing and what is connected: the inputs of `AudioRoutePolicy`.
public struct AudioSituation: Sendable, Hashable {
  public enum Activity: Sendable, Hashable {
    /// No flow session.
    case off
    /// A flow session waits for a tap: the microphone runs (that keeps the app alive) but nothing records.
    case standby
    case recording
    /// A call or Siri has the audio: the system deactivated the session.
    case call
  }

  public enum Headset: Sendable, Hashable {
    case none
    /// AirPods or another Bluetooth headset: its microphone needs the hands-free profile (call quality, both ways).
    case bluetooth
    /// Wired or USB: its microphone costs nothing in quality.
    case wired
  }

  public var activity: Activity
  /// Another app plays audio (music, a podcast): `AVAudioSession.isOtherAudioPlaying`.
  public var otherAudioPlaying = false
  public var headset: Headset = .none
  public var microphone: MicrophoneChoice = .automatic
  /// Whether other audio is lowered while the user speaks (the user's setting).
  public var ducksOthers = true
}

/// How the phone's audio session is set: App/ maps it onto `AVAudioSession` (category play-and-record, these
/// options, the preferred input, `setAllowHapticsAndSystemSoundsDuringRecording`) and nothing else decides it.
public struct AudioSessionPlan: Sendable, Hashable {
  public enum Option: Sendable, Hashable, CaseIterable {
    case mixWithOthers
    case duckOthers
    /// Bluetooth's hands-free profile: the headset's microphone, at call quality both ways.
    case allowBluetoothHFP
    /// Bluetooth's music profile: high-quality output only, so AirPods keep playing music as music.
    case allowBluetoothA2DP
    case defaultToSpeaker
  }

  public enum Input: Sendable, Hashable {
    case builtInMicrophone
    /// The connected headset's microphone (Bluetooth hands-free, or wired).
    case headset
  }

  /// Whether the session is active; inactive during a call (the system took it) and when no flow session is open.
  public var active: Bool
  public var options: Set<Option>
  public var input: Input
  /// Haptics and system sounds (key clicks, the start and stop cues) stay audible while recording.
  public var allowsHapticsWhileRecording: Bool

  public init(active: Bool, options: Set<Option>, input: Input, allowsHapticsWhileRecording: Bool) {
    self.active = active
    self.options = options
    self.input = input
    self.allowsHapticsWhileRecording = allowsHapticsWhileRecording
  }

  public static let inactive = AudioSessionPlan(
    active: false, options: [.mixWithOthers], input: .builtInMicrophone, allowsHapticsWhileRecording: true)
}

/// Decides the audio session for each situation. A flow session that held Bluetooth's hands-free profile for its
/// whole length kept AirPods in call quality while the user listened to music between dictations (VivaDicta#371), so
/// the headset's microphone is asked for per dictation only: never in standby, and while recording only when the user
/// chose it or nothing is playing. The iPhone's microphone needs no profile change, so music plays on (lowered).
public enum AudioRoutePolicy {
  /// What Settings › Microphone in Utter does, as this policy and `AudioSessionChange` decide it: a keyboard
  /// dictation happens with Utter in the background, where switching a Bluetooth headset to its microphone would stop
  /// the recording, so it records from the iPhone's; a wired headset's microphone needs no switch.
  public static let microphoneChoiceNote =
    "With AirPods or another Bluetooth headset, keyboard dictations record from the iPhone's microphone: iOS does not "
    + "let Utter switch them to their microphone while you type in another app. In Utter itself, Automatic uses "
    + "AirPods' microphone unless music is playing, so the music keeps its quality. A wired headset's microphone "
    + "records wherever you dictate."

  public static func plan(for situation: AudioSituation) -> AudioSessionPlan {
    switch situation.activity {
    case .off, .call:
      return .inactive
    case .standby:
      // NB: the microphone runs only to keep the app alive: the built-in one, so a headset stays in its music
      // profile and other audio plays at full volume.
      return AudioSessionPlan(
        active: true, options: [.mixWithOthers, .allowBluetoothA2DP, .defaultToSpeaker], input: .builtInMicrophone,
        allowsHapticsWhileRecording: true)
    case .recording:
      var options: Set<AudioSessionPlan.Option> = [
        situation.ducksOthers ? .duckOthers : .mixWithOthers, .allowBluetoothA2DP, .defaultToSpeaker,
      ]
      let input = recordingInput(situation)
      if input == .headset, situation.headset == .bluetooth { options.insert(.allowBluetoothHFP) }
      return AudioSessionPlan(active: true, options: options, input: input, allowsHapticsWhileRecording: true)
    }
  }

  private static func recordingInput(_ situation: AudioSituation) -> AudioSessionPlan.Input {
    switch (situation.headset, situation.microphone) {
    case (.none, _), (_, .iPhone):
      return .builtInMicrophone
    case (.wired, _), (.bluetooth, .headset):
      return .headset
    case (.bluetooth, .automatic):
      return situation.otherAudioPlaying ? .builtInMicrophone : .headset
    }
  }
}
