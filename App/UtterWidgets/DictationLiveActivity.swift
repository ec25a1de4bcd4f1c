import ActivityKit
import AppIntents
import DictationValues
import SwiftUI
import UtterActivity
import WidgetKit

/// The flow session's Live Activity: its phase, the words written this session, time left, and an end button.
struct DictationLiveActivity: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: DictationActivityAttributes.self) { context in
      SessionLockScreenView(state: context.state)
        .activityBackgroundTint(Color.black.opacity(0.6))
        .activitySystemActionForegroundColor(.white)
    } dynamicIsland: { context in
      DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          Label(context.state.phase.label, systemImage: context.state.phase.symbol)
            .font(.headline)
        }
        DynamicIslandExpandedRegion(.trailing) {
          if let endsAt = context.state.endsAt {
            Text(timerInterval: Date.now...max(Date.now, endsAt), countsDown: true)
              .monospacedDigit()
              .multilineTextAlignment(.trailing)
              .frame(maxWidth: 64)
          }
        }
        DynamicIslandExpandedRegion(.bottom) {
          HStack {
            Text(context.state.wordsLabel)
              .font(.subheadline)
              .foregroundStyle(.secondary)
            Spacer()
            EndSessionButton()
          }
        }
      } compactLeading: {
        Image(systemName: context.state.phase.symbol)
          .accessibilityLabel(context.state.phase.label)
      } compactTrailing: {
        Text("\(context.state.wordsThisSession)")
          .monospacedDigit()
          .accessibilityLabel(context.state.wordsLabel)
      } minimal: {
        Image(systemName: context.state.phase.symbol)
          .accessibilityLabel(context.state.phase.label)
      }
      .widgetURL(URL(string: "utter://open"))
    }
  }
}

/// The lock-screen presentation of the session.
struct SessionLockScreenView: View {
  let state: DictationActivityAttributes.ContentState

  var body: some View {
    HStack(spacing: 12) {
      Image(systemName: state.phase.symbol)
        .font(.title2)
        .accessibilityHidden(true)
      VStack(alignment: .leading, spacing: 2) {
        Text("Utter · \(state.phase.label)")
          .font(.headline)
        Text(state.wordsLabel)
          .font(.subheadline)
          .foregroundStyle(.secondary)
      }
      Spacer()
      VStack(alignment: .trailing, spacing: 6) {
        if let endsAt = state.endsAt {
          Text(timerInterval: Date.now...max(Date.now, endsAt), countsDown: true)
            .monospacedDigit()
            .font(.subheadline)
            .multilineTextAlignment(.trailing)
            .frame(maxWidth: 72)
        }
        EndSessionButton()
      }
    }
    .padding()
    .accessibilityElement(children: .contain)
  }
}

/// Ends the session from the Live Activity, without opening the app.
struct EndSessionButton: View {
  var body: some View {
    Button(intent: EndSessionIntent()) {
      Label("End", systemImage: "xmark.circle.fill")
    }
    .tint(.red)
    .accessibilityLabel("End dictation session")
  }
}
