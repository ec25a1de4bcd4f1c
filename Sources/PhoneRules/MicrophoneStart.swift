/// Whether the app is on screen, as far as its audio goes: iOS's `UIApplication.State` (SwiftUI's `scenePhase`).
public enum AppScene: String, Sendable, Hashable, CaseIterable {
  /// The app is on screen.
  case foreground
  /// The user is in another app (typing with Utter's keyboard): the app runs only because its microphone does
  /// (`UIBackgroundModes: audio`).
  case background
}

/// When iOS lets an app start its microphone (an `AVAudioEngine` whose input node has a tap).
///
/// - "An app must be in the foreground to start recording. If the app has specified the audio background mode […],
///   it can then continue recording when it moves into the background" (Apple DTS,
///   https://developer.apple.com/forums/thread/770556). Starting the engine's input from the background fails with
///   `AVAudioSession.ErrorCode.cannotStartRecording` (561145187, measured in
///   https://developer.apple.com/forums/thread/771457;
///   https://developer.apple.com/documentation/coreaudiotypes/avaudiosession/errorcode).
/// - So a microphone that stopped while the app is in the background (a call took the session, a route change
///   stopped the engine) stays stopped until the app is brought forward; the end of an interruption, even with
///   `.shouldResume`, does not lift this (https://developer.apple.com/documentation/avfaudio/handling-audio-interruptions).
/// - An inactive session has no input.
/// - While a route change reconfigures the hardware, the engine has stopped and uninitialized itself; a tap installed
///   before `AVAudioEngineConfigurationChange` is posted takes the old format and can crash the app
///   (https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/avaudioengineconfigurationchange,
///   https://developer.apple.com/forums/thread/802904).
public enum MicrophoneStart {
  /// Why iOS refuses to start the microphone now, in one line.
  public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    case sessionInactive
    case inBackground
    case routeChanging

    public var description: String {
      switch self {
      case .sessionInactive: "the audio session is not active, so there is no microphone input"
      case .inBackground:
        "iOS does not let an app start its microphone from the background (cannotStartRecording); open the app"
      case .routeChanging:
        "the audio route is changing: a tap installed before the engine's configuration change can crash the app"
      }
    }
  }

  /// Nil when the microphone may start; else why not. A microphone already running is not asked: it keeps running
  /// in the background.
  public static func refusal(scene: AppScene, sessionActive: Bool, routeChanging: Bool) -> Refusal? {
    if !sessionActive { return .sessionInactive }
    if routeChanging { return .routeChanging }
    if scene == .background { return .inBackground }
    return nil
  }
}
