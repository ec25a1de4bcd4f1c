import AppSettings
import SwiftUI

/// Adding the keyboard and allowing Full Access, with why it is needed and what is never collected.
@MainActor
struct KeyboardStep: View {
  let next: () -> Void
  @Environment(\.openURL) private var openURL

  var body: some View {
    OnboardingPage(
      symbol: "keyboard",
      title: "Add the Utter keyboard",
      text: "Dictate into Messages, Mail, Notes — any app — from Utter's keyboard."
    ) {
      VStack(alignment: .leading, spacing: 10) {
        InstructionRow(number: 1, text: "Open Settings › General › Keyboard › Keyboards.")
        InstructionRow(number: 2, text: "Tap Add New Keyboard… and choose Utter.")
        InstructionRow(number: 3, text: "Tap Utter, then turn on Allow Full Access.")
      }
      GroupBox("Why Full Access?") {
        VStack(alignment: .leading, spacing: 8) {
          ForEach(PrivacyPolicy.whyFullAccess, id: \.self) { sentence in Text(sentence) }
        }
        .font(.callout)
        .frame(maxWidth: .infinity, alignment: .leading)
      }
      Button("Open Settings") {
        if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
      }
      .buttonStyle(.bordered)
      Button("I've added it", action: next)
        .buttonStyle(.borderedProminent)
        .controlSize(.large)
    }
  }
}

@MainActor
struct InstructionRow: View {
  let number: Int
  let text: String

  var body: some View {
    HStack(alignment: .firstTextBaseline, spacing: 10) {
      Text("\(number)")
        .font(.headline)
        .frame(width: 26, height: 26)
        .background(Circle().fill(Color.accentColor.opacity(0.15)))
        .accessibilityHidden(true)
      Text(text)
    }
    .accessibilityElement(children: .combine)
  }
}
