import ActivityKit
import Dictation
import Foundation
import SessionChannel
import os

/// Shows the flow session as a Live Activity (lock screen and Dynamic Island) and keeps it current.
@MainActor
final class SessionActivityController: FlowSessionIndicator {
  private var activity: Activity<DictationActivityAttributes>?
  private var lastState: DictationActivityAttributes.ContentState?
  private let log = Logger(subsystem: "app.utter", category: "live-activity")

  /// Starts the activity for a new session; does nothing when the user turned Live Activities off.
  func start(endsAt: Date?) {
    guard ActivityAuthorizationInfo().areActivitiesEnabled else { return }
    end()
    let state = DictationActivityAttributes.ContentState(phase: .ready, wordsThisSession: 0, endsAt: endsAt)
    do {
      activity = try Activity.request(
        attributes: DictationActivityAttributes(startedAt: .now),
        content: ActivityContent(state: state, staleDate: endsAt),
        pushType: nil)
      lastState = state
    } catch {
      log.error("could not start the Live Activity: \(error.localizedDescription, privacy: .public)")
    }
  }

  /// Updates what the activity shows; unchanged states are not sent again.
  func update(phase: HostPhase, wordsThisSession: Int, endsAt: Date?) {
    guard let activity else { return }
    let state = DictationActivityAttributes.ContentState(
      phase: Self.shown(phase), wordsThisSession: wordsThisSession, endsAt: endsAt)
    guard state != lastState else { return }
    lastState = state
    Task {
      await activity.update(ActivityContent(state: state, staleDate: endsAt))
    }
  }

  /// Ends the activity at once.
  func end() {
    let ending = activity
    activity = nil
    lastState = nil
    guard let ending else { return }
    Task {
      await ending.end(nil, dismissalPolicy: .immediate)
    }
  }

  private static func shown(_ phase: HostPhase) -> DictationActivityAttributes.Phase {
    switch phase {
    case .recording: .listening
    case .interrupted: .paused
    case .transcribing, .delivering: .transcribing
    default: .ready
    }
  }

  /// Ends activities left over from a previous launch (the app was killed while a session was open).
  func endLeftovers() {
    for leftover in Activity<DictationActivityAttributes>.activities where leftover.id != activity?.id {
      Task { await leftover.end(nil, dismissalPolicy: .immediate) }
    }
  }
}
