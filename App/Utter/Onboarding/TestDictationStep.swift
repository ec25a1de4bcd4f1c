import Dictation
import PhoneSession
import SwiftUI

/// A first dictation inside the app, to hear how Utter writes before using the keyboard.
@MainActor
struct TestDictationStep: View {
  let finish: () -> Void
  @Environment(AppModel.self) private var model
  @State private var dictation: AppDictation?

  var body: some View {
    OnboardingPage(
      symbol: "text.bubble",
      title: "Try it",
      text: "Tap the microphone and say something like “Um, let's meet at the café on Tuesday — no, Wednesday.”"
    ) {
      if let dictation {
        DictationControl(dictation: dictation, asNote: false)
      }
      Button("Done", action: finish)
        .buttonStyle(.borderedProminent)
        .controlSize(.large)
    }
    .onAppear {
      if dictation == nil { dictation = model.appDictation() }
    }
  }
}
