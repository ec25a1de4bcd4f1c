import ActivityKit
import DictationValues
import Foundation
import PhoneSession
import os

/// Shows the flow session as a Live Activity (lock screen and Dynamic Island), with the states `FlowSession` decides.
///
/// NB: it keeps the activity's id, not the `Activity`: ActivityKit's `Activity` is not Sendable and its `update` and
/// `end` are nonisolated async, so an `Activity` held on the main actor cannot be handed to them without a data race
/// (Swift 6's region checks). Each change finds the activity by id off the main actor, where it then stays.
@MainActor
final class SessionActivityController: FlowSessionIndicator {
  private typealias SessionActivity = Activity<DictationActivityAttributes>
  private var activityID: String?
  private var lastState: SessionActivityState?
  private let log = Logger(subsystem: "app.utter", category: "live-activity")

  /// Starts the activity for a new session; does nothing when the user turned Live Activities off.
  func start(_ state: SessionActivityState) {
    guard ActivityAuthorizationInfo().areActivitiesEnabled else { return }  // glue: the user's Live Activities switch
    end()
    do {
      activityID = try SessionActivity.request(
        attributes: DictationActivityAttributes(startedAt: .now),
        content: ActivityContent(state: state, staleDate: state.endsAt), pushType: nil
      ).id
      lastState = state
    } catch {
      log.error("could not start the Live Activity: \(error.localizedDescription, privacy: .public)")
    }
  }

  /// Updates what the activity shows; unchanged states are not sent again.
  func update(_ state: SessionActivityState) {
    // glue: an unchanged state is not sent to ActivityKit again
    guard let activityID, state != lastState else { return }
    lastState = state
    let content = ActivityContent(state: state, staleDate: state.endsAt)
    Task { await Self.update(activityID, to: content) }
  }

  /// Ends the activity at once.
  func end() {
    let ending = activityID
    (activityID, lastState) = (nil, nil)
    if let ending { Task { await Self.end { $0 == ending } } }
  }

  /// Ends activities left over from a previous launch (the app was killed while a session was open).
  func endLeftovers() {
    let current = activityID
    Task { await Self.end { $0 != current } }
  }

  private nonisolated static func update(_ id: String, to content: ActivityContent<SessionActivityState>) async {
    for activity in SessionActivity.activities where activity.id == id {
      await activity.update(content)
    }
  }

  private nonisolated static func end(where matches: @Sendable (String) -> Bool) async {
    for activity in SessionActivity.activities where matches(activity.id) {
      await activity.end(nil, dismissalPolicy: .immediate)
    }
  }
}
