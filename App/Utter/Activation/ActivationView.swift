import SessionChannel
import SwiftUI

/// Shown when the keyboard opens Utter to start a flow session: says what is happening and how to go back.
///
/// NB: iOS has no public API to return to the previous app; the system's "◀ App" back button at the top left
/// (or a swipe right along the bottom edge) is the way back, so this screen points at it.
@MainActor
struct ActivationView: View {
  @Environment(AppModel.self) private var model
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack(spacing: 24) {
      Spacer()
      statusSymbol
      Text(title)
        .font(.title.bold())
        .multilineTextAlignment(.center)
        .accessibilityAddTraits(.isHeader)
      Text(detail)
        .font(.body)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
      if model.flow.status == .on {
        BackHint()
      }
      Spacer()
      controls
    }
    .padding(28)
    .frame(maxWidth: 560)
  }

  @ViewBuilder private var statusSymbol: some View {
    switch model.flow.status {
    case .on:
      Image(systemName: "mic.circle.fill").font(.system(size: 72)).foregroundStyle(.green)
        .accessibilityHidden(true)
    case .failed:
      Image(systemName: "exclamationmark.triangle.fill").font(.system(size: 64)).foregroundStyle(.orange)
        .accessibilityHidden(true)
    case .starting, .off:
      ProgressView().controlSize(.large)
    }
  }

  private var title: String {
    switch model.flow.status {
    case .on: "Utter is ready"
    case .failed: "Utter couldn't start"
    case .starting, .off: "Starting Utter…"
    }
  }

  private var detail: String {
    switch model.flow.status {
    case .on:
      return "Swipe back to keep typing. Apple doesn't let keyboards use the microphone, so Utter holds it for "
        + "your keyboard until the session ends\(expiry)."
    case .failed(let message):
      return message
    case .starting, .off:
      if model.flow.waitingOn.contains(.microphonePermission) { return "Utter needs the microphone." }
      return "Turning on the microphone for your keyboard."
    }
  }

  private var expiry: String {
    guard let expiresAt = model.flow.expiresAt else { return "" }
    return " (at \(expiresAt.formatted(date: .omitted, time: .shortened)))"
  }

  @ViewBuilder private var controls: some View {
    switch model.flow.status {
    case .failed:
      Button("Try again") { model.openFlowSession() }
        .buttonStyle(.borderedProminent)
        .controlSize(.large)
      Button("Close") { dismiss() }
    case .on:
      Button("End session", role: .destructive) {
        model.flow.end()
        dismiss()
      }
      Button("Stay in Utter") { dismiss() }
    case .starting, .off:
      Button("Cancel") {
        model.flow.end()
        dismiss()
      }
    }
  }
}

/// Points at the system's back button, the only way back to the app the user was typing in.
@MainActor
struct BackHint: View {
  var body: some View {
    HStack(alignment: .top, spacing: 12) {
      Image(systemName: "arrow.up.left")
        .font(.title2.bold())
        .foregroundStyle(.tint)
        .accessibilityHidden(true)
      Text("Tap **◀ your app** at the top left of the screen, or swipe right along the bottom edge.")
        .font(.callout)
    }
    .padding()
    .background(RoundedRectangle(cornerRadius: 14).fill(Color.accentColor.opacity(0.1)))
    .accessibilityElement(children: .combine)
  }
}
