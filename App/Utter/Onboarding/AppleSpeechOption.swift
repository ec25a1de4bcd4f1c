import Dictation
import ModelInstallation
import SwiftUI

/// Apple's built-in transcriber as an onboarding choice, shown only where `AppleSpeechStatus` offers it (iOS 26, a
/// device that can run it, a supported language), with the state of its model and the download's progress.
@MainActor
struct AppleSpeechOption: View {
  let selected: Bool
  let select: () -> Void
  private var availability: AppleSpeechAvailability { .shared }

  var body: some View {
    Group {
      if availability.status.isOffered {
        ChoiceRow(selected: selected, select: select) {
          Text("Apple (built in)").font(.headline)
          AppleSpeechStatusLine(status: availability.status)
        }
      }
    }
    .task { await availability.refresh(language: nil) }
  }

  /// Makes sure the system's speech model for `language` is installed, showing the download's progress.
  static func install(language: String?) async throws {
    try await AppleSpeechAvailability.shared.install(language: language)
  }
}

/// The status of Apple's transcriber in one line, with a progress bar while iOS downloads its model.
@MainActor
struct AppleSpeechStatusLine: View {
  let status: AppleSpeechStatus

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(status.detail)
        .font(.subheadline)
        .foregroundStyle(.secondary)
      if let progress = status.progress {
        ProgressView(value: progress)
          .accessibilityLabel("Downloading Apple's speech model")
      }
    }
  }
}
