import SessionChannel

/// The line under the words while the app records: the app's own dictation, the microphone and, near the length cap,
/// the countdown ("Using AirPods · Stops in 0:28"), with "Keep going" while the app offers it.
public struct RecordingNote: Sendable, Hashable {
  public var line: String
  public var offersKeepGoing: Bool
  /// The app's own dictation: only Utter stops it, so the keyboard offers no ✓ or ✗.
  public var isAppsOwn: Bool

  /// What the app's `state` says; nil when it says nothing.
  init?(_ state: HostState) {
    isAppsOwn = state.appDictation == true
    guard state.phase == .recording, state.microphone != nil || state.stopsIn != nil || isAppsOwn else { return nil }
    let left = state.stopsIn.map { Int($0.rounded(.up)) }
    let countdown = left.map { "Stops in \($0 / 60):" + ($0 % 60 < 10 ? "0" : "") + "\($0 % 60)" }
    let owner = isAppsOwn ? "Dictating in Utter: stop it there" : nil
    line = [owner, state.microphone.map { "Using \($0)" }, countdown].compactMap { $0 }.joined(separator: " · ")
    offersKeepGoing = left != nil && state.canKeepGoing == true
  }
}
