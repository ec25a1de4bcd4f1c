import AVFoundation
import Combine
import SwiftUI

@MainActor
struct MicrophoneStep: View {
  let next: () -> Void
  @State private var permission = AVAudioApplication.shared.recordPermission
  @Environment(\.openURL) private var openURL

  var body: some View {
    OnboardingPage(
      symbol: "mic.circle",
      title: "The microphone",
      text:
        "Utter listens only while you dictate. When you start a session from the keyboard, the microphone stays "
        + "ready for a while so the next dictation starts instantly — iOS shows an orange dot meanwhile, and you "
        + "can end the session at any time."
    ) {
      switch permission {
      case .granted:
        Label("Microphone allowed", systemImage: "checkmark.circle.fill")
          .foregroundStyle(.green)
        Button("Continue", action: next)
          .buttonStyle(.borderedProminent)
          .controlSize(.large)
      case .denied:
        Text("The microphone is off for Utter. Turn it on in Settings › Utter › Microphone.")
        Button("Open Settings") {
          if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
        }
        .buttonStyle(.borderedProminent)
      default:
        Button("Allow the microphone") {
          Task {
            _ = await AVAudioApplication.requestRecordPermission()
            permission = AVAudioApplication.shared.recordPermission
          }
        }
        .buttonStyle(.borderedProminent)
        .controlSize(.large)
      }
    }
    .onReceive(NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)) { _ in
      permission = AVAudioApplication.shared.recordPermission
    }
  }
}
