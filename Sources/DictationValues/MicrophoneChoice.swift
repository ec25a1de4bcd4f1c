/// Which microphone the user wants for dictation when a headset is connected (Settings › Microphone).
public enum MicrophoneChoice: String, Sendable, Hashable, CaseIterable, Codable {
  /// The headset's microphone unless it would spoil audio that is playing (Bluetooth's call mode), else the iPhone's.
  case automatic
  /// Always the iPhone's own microphone.
  case iPhone = "iphone"
  /// The headset's microphone whenever one is connected, even if music drops to call quality while recording.
  case headset
}
