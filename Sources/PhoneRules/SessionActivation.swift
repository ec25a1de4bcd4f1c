/// An option of the audio session's category (`AVAudioSession.CategoryOptions`), as the phone's rules see it.
public enum SessionOption: String, Sendable, Hashable, CaseIterable {
  case mixWithOthers
  case duckOthers
  /// `allowBluetooth`: a Bluetooth headset's microphone, over the hands-free profile.
  case bluetoothHandsFree
  /// `allowBluetoothA2DP`: Bluetooth output in music quality.
  case bluetoothMusic
  case defaultToSpeaker
}

/// When an audio session's options take effect.
///
/// - Ducking: "Ducking begins when you activate your app's audio session and ends when you deactivate the session"
///   (https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct/duckothers).
///   Set on a session that is already active, `duckOthers` lowers nothing until the next activation; cleared, the
///   ducking goes on until the session is deactivated.
/// - Mixing: without `mixWithOthers` (or `duckOthers`, which implies it) "activating your session interrupts other
///   audio sessions": also decided at activation (same page).
/// - The Bluetooth profiles, the speaker and the preferred input choose the route: they apply at once, as a route
///   change (`RouteChangeReason`, `EngineReconfiguration`).
/// - A session deactivated while its I/O runs is deactivated all the same (the call fails with `isBusy`); the caller
///   must stop its I/O first (AVFAudio's `AVAudioSession.h`, `setActive:withOptions:error:`;
///   https://developer.apple.com/documentation/avfaudio/avaudiosession/setactive(_:options:)). So a deactivation
///   stops the microphone, and starting it again is a microphone start (`MicrophoneStart`).
public enum SessionActivation {
  /// When an option takes effect.
  public enum Timing: Sendable, Hashable {
    /// At the next activation of the session (inactive → active), and only then.
    case atActivation
    /// As soon as the category is set (a route change).
    case atOnce
  }

  public static func timing(of option: SessionOption) -> Timing {
    switch option {
    case .mixWithOthers, .duckOthers: .atActivation
    case .bluetoothHandsFree, .bluetoothMusic, .defaultToSpeaker: .atOnce
    }
  }

  /// The options of `options` that take effect only when the session is activated.
  public static func activationOptions(_ options: Set<SessionOption>) -> Set<SessionOption> {
    options.filter { timing(of: $0) == .atActivation }
  }

  /// Whether deactivating a session stops a microphone that runs on it (always).
  public static let deactivationStopsMicrophone = true
}
