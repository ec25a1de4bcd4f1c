import KeyboardChannel

/// What the listening panel shows under the words while the app records: the microphone and, near the length cap,
/// the countdown (`line`: "Using AirPods · Stops in 0:28"), with "Keep going" while the app offers it.
public struct RecordingNote: Sendable, Hashable {
  public var line: String
  public var offersKeepGoing: Bool

  /// What the app's `state` says; nil when it says nothing.
  init?(_ state: HostState) {
    guard state.phase == .recording, state.microphone != nil || state.stopsIn != nil else { return nil }
    let left = state.stopsIn.map { Int($0.rounded(.up)) }
    let countdown = left.map { "Stops in \($0 / 60):" + ($0 % 60 < 10 ? "0" : "") + "\($0 % 60)" }
    line = [state.microphone.map { "Using \($0)" }, countdown].compactMap { $0 }.joined(separator: " · ")
    offersKeepGoing = left != nil && state.canKeepGoing == true
  }
}
