import DictationValues
import SessionChannel

extension SessionActivityState.Phase {
  /// The lock screen's phase for the host's: a hold that only opening Utter lifts says so, not "Paused".
  public init(_ phase: HostPhase, waitingOn: [HostPrecondition]) {
    switch phase {
    case .recording: self = .listening
    case .transcribing, .delivering: self = .transcribing
    case .interrupted: self = waitingOn.contains(.foreground) ? .openApp : .paused
    case .inactive, .activating, .standby: self = .ready
    }
  }
}
