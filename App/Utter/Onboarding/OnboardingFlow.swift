import AppSettings
import SwiftUI

/// First run: what Utter does, the microphone, a speech model (downloaded and prepared now, never on the first
/// dictation), the keyboard and Full Access, and a test dictation.
@MainActor
struct OnboardingFlow: View {
  enum Step: Int, CaseIterable {
    case welcome, microphone, model, keyboard, test
  }

  @Environment(AppModel.self) private var model
  @State private var step = Step.welcome

  var body: some View {
    VStack(spacing: 0) {
      ProgressView(value: Double(step.rawValue + 1), total: Double(Step.allCases.count))
        .padding(.horizontal)
        .accessibilityLabel("Step \(step.rawValue + 1) of \(Step.allCases.count)")
      Group {
        switch step {
        case .welcome: WelcomeStep(next: advance)
        case .microphone: MicrophoneStep(next: advance)
        case .model: ModelStep(next: advance)
        case .keyboard: KeyboardStep(next: advance)
        case .test: TestDictationStep(finish: { model.onboardingComplete = true })
        }
      }
      .frame(maxWidth: .infinity, maxHeight: .infinity)
      .transition(.asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading)))
    }
    .animation(.default, value: step)
  }

  private func advance() {
    if let next = Step(rawValue: step.rawValue + 1) { step = next }
  }
}

/// A page of onboarding: a symbol, a title, text, then the step's controls.
struct OnboardingPage<Controls: View>: View {
  let symbol: String
  let title: String
  let text: String
  @ViewBuilder let controls: Controls

  var body: some View {
    ScrollView {
      VStack(alignment: .leading, spacing: 20) {
        Image(systemName: symbol)
          .font(.system(size: 48))
          .foregroundStyle(.tint)
          .accessibilityHidden(true)
        Text(title)
          .font(.largeTitle.bold())
          .accessibilityAddTraits(.isHeader)
        Text(text)
          .font(.body)
          .foregroundStyle(.secondary)
        controls
      }
      .padding(24)
      .frame(maxWidth: 560, alignment: .leading)
    }
  }
}

@MainActor
struct WelcomeStep: View {
  let next: () -> Void

  var body: some View {
    OnboardingPage(
      symbol: "waveform.and.mic",
      title: "Speak. Utter writes.",
      text:
        "Utter is a keyboard you talk to. It turns speech into clean text in any app, with no account. "
        + PrivacyPolicy.staysOnTheIPhone
    ) {
      VStack(alignment: .leading, spacing: 12) {
        Label("Removes ums, repeats and false starts", systemImage: "sparkles")
        Label("Learns your names and words", systemImage: "character.book.closed")
        Label("Never loses what you said: every dictation is kept in History", systemImage: "clock.arrow.circlepath")
      }
      .font(.callout)
      Button("Get started", action: next)
        .buttonStyle(.borderedProminent)
        .controlSize(.large)
        .frame(maxWidth: .infinity)
    }
  }
}
