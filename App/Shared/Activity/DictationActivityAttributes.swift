import ActivityKit
import DictationValues
import Foundation

/// The Live Activity shown while a flow session keeps the microphone ready (lock screen and Dynamic Island); the app
/// sends the `SessionActivityState` that `FlowSession` decides.
struct DictationActivityAttributes: ActivityAttributes {
  typealias ContentState = SessionActivityState

  /// When the session started.
  var startedAt: Date
}
