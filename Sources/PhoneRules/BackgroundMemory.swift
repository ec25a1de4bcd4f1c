/// When an app may hold a speech model (hundreds of megabytes) without inviting the system's memory killer.
///
/// Apple, "Identifying high-memory use with jetsam event reports"
/// (https://developer.apple.com/documentation/xcode/identifying-high-memory-use-with-jetsam-event-reports): under
/// memory pressure "the system frees memory by terminating applications to reclaim their memory", and apps in the
/// background go first. WWDC 2020 "Why is my app getting killed?" (https://developer.apple.com/videos/play/wwdc2020/10078/)
/// names memory-pressure exits of background apps and asks apps to free memory on entering the background: the larger
/// a suspended app's footprint, the earlier it is ended. iOS also relaunches an app in the background to hand it the
/// events of its background downloads (`URLSessionConfiguration.sessionSendsLaunchEvents`) and to run App Intents
/// that do not open it; nobody dictates then.
///
/// So a model is loaded only when the user can see the app or a dictation needs it (a flow session's audio keeps the
/// app running in the background), and let go when the app leaves the screen with no session, or memory is short.
public enum BackgroundMemory {
  /// Where the app is, as the memory killer ranks it.
  public enum Presence: String, Sendable, Hashable, CaseIterable {
    /// On screen.
    case foreground
    /// In the background with a flow session holding the microphone (it keeps running).
    case backgroundWithSession
    /// In the background with nothing keeping it running: suspended soon, ended first under pressure.
    case background
  }

  /// Whether a model may be brought into memory: on screen, or for a dictation that needs it now (then it is the
  /// reason the app runs). Never ahead of time in the background.
  public static func mayLoadModel(_ presence: Presence, forDictation: Bool) -> Bool {
    switch presence {
    case .foreground: true
    case .backgroundWithSession, .background: forDictation
    }
  }

  /// Whether a loaded model must be let go now: in the background with no session, or when memory is short and no
  /// dictation is using it.
  public static func mustRelease(_ presence: Presence, memoryWarning: Bool, inUse: Bool) -> Bool {
    if inUse { return false }
    return memoryWarning || presence == .background
  }
}
