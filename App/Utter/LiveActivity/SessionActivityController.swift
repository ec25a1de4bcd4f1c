import ActivityKit
import DictationValues
import Foundation
import PhoneSession
import os

/// Shows the flow session as a Live Activity (lock screen and Dynamic Island), with the states `FlowSession` decides.
@MainActor
final class SessionActivityController: FlowSessionIndicator {
  private var activity: Activity<DictationActivityAttributes>?
  private var lastState: SessionActivityState?
  private let log = Logger(subsystem: "app.utter", category: "live-activity")

  /// Starts the activity for a new session; does nothing when the user turned Live Activities off.
  func start(_ state: SessionActivityState) {
    guard ActivityAuthorizationInfo().areActivitiesEnabled else { return }
    end()
    do {
      activity = try Activity.request(
        attributes: DictationActivityAttributes(startedAt: .now),
        content: ActivityContent(state: state, staleDate: state.endsAt), pushType: nil)
      lastState = state
    } catch {
      log.error("could not start the Live Activity: \(error.localizedDescription, privacy: .public)")
    }
  }

  /// Updates what the activity shows; unchanged states are not sent again.
  func update(_ state: SessionActivityState) {
    guard let activity, state != lastState else { return }
    lastState = state
    Task { await activity.update(ActivityContent(state: state, staleDate: state.endsAt)) }
  }

  /// Ends the activity at once.
  func end() {
    let ending = activity
    (activity, lastState) = (nil, nil)
    Task { await ending?.end(nil, dismissalPolicy: .immediate) }
  }

  /// Ends activities left over from a previous launch (the app was killed while a session was open).
  func endLeftovers() {
    for leftover in Activity<DictationActivityAttributes>.activities where leftover.id != activity?.id {
      Task { await leftover.end(nil, dismissalPolicy: .immediate) }
    }
  }
}
