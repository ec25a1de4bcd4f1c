import Dictation
import SwiftUI

/// Picks the speech model, downloads it and prepares it (compiles and prewarms) before the first dictation.
@MainActor
struct ModelStep: View {
  let next: () -> Void
  @Environment(AppModel.self) private var model
  @State private var selection = ""
  @State private var error: String?
  @State private var working = false

  var body: some View {
    OnboardingPage(
      symbol: "cpu",
      title: "Your speech model",
      text:
        "Utter transcribes on this iPhone. Pick a model; Utter downloads it once and prepares it for the Neural "
        + "Engine now, so your first dictation is fast. You can change it later in Settings."
    ) {
      VStack(spacing: 8) {
        ForEach(WhisperModelChoice.all) { choice in
          ModelRow(
            choice: choice, recommended: choice.id == model.models.recommendedID,
            status: model.models.status(of: choice.id), selected: selection == choice.id
          ) { selection = choice.id }
        }
        AppleSpeechOption(selected: selection == EngineChoice.appleID) { selection = EngineChoice.appleID }
      }
      if let error {
        Text(error).foregroundStyle(.red).font(.callout)
      }
      Button(action: install) {
        if working {
          ProgressView()
        } else {
          Text(isReady ? "Continue" : "Download and prepare")
        }
      }
      .buttonStyle(.borderedProminent)
      .controlSize(.large)
      .disabled(working || selection.isEmpty)
    }
    .onAppear {
      if selection.isEmpty { selection = model.models.recommendedID }
    }
  }

  private var isReady: Bool {
    selection != EngineChoice.appleID && model.models.status(of: selection) == .ready
  }

  private func install() {
    error = nil
    working = true
    Task {
      defer { working = false }
      do {
        try await model.use(selection == EngineChoice.appleID ? .apple : .whisper(selection))
        next()
      } catch {
        self.error = UserMessage.of(error)
      }
    }
  }
}

/// One model in the list, with its download or preparation progress.
@MainActor
struct ModelRow: View {
  let choice: WhisperModelChoice
  let recommended: Bool
  let status: WhisperModelLibrary.Status
  let selected: Bool
  let select: () -> Void

  var body: some View {
    ChoiceRow(selected: selected, select: select) {
      HStack {
        Text(choice.title).font(.headline)
        if recommended {
          Text("Recommended")
            .font(.caption.bold())
            .padding(.horizontal, 6)
            .padding(.vertical, 2)
            .background(Capsule().fill(Color.accentColor.opacity(0.15)))
        }
      }
      Text("\(choice.detail) · about \(choice.megabytes) MB")
        .font(.subheadline)
        .foregroundStyle(.secondary)
      ModelStatusView(status: status)
    }
  }
}

/// A choice in an onboarding list: a radio mark, its description, and an outline when selected.
@MainActor
struct ChoiceRow<Content: View>: View {
  let selected: Bool
  let select: () -> Void
  @ViewBuilder let content: Content

  var body: some View {
    Button(action: select) {
      HStack(alignment: .top, spacing: 12) {
        Image(systemName: selected ? "largecircle.fill.circle" : "circle")
          .foregroundStyle(.tint)
          .accessibilityHidden(true)
        VStack(alignment: .leading, spacing: 4) { content }
        Spacer(minLength: 0)
      }
      .padding(12)
      .background(
        RoundedRectangle(cornerRadius: 12).strokeBorder(selected ? Color.accentColor : .secondary.opacity(0.3))
      )
      .contentShape(Rectangle())
    }
    .buttonStyle(.plain)
    .accessibilityElement(children: .combine)
    .accessibilityAddTraits(selected ? [.isButton, .isSelected] : .isButton)
  }
}

/// Download progress, preparation, readiness or failure, in words.
@MainActor
struct ModelStatusView: View {
  let status: WhisperModelLibrary.Status

  var body: some View {
    switch status {
    case .notDownloaded:
      EmptyView()
    case .downloading(let fraction):
      ProgressView(value: fraction) {
        Text("Downloading… \(Int(fraction * 100))%").font(.caption)
      }
    case .preparing:
      HStack(spacing: 6) {
        ProgressView()
        Text("Preparing for the Neural Engine (once, up to a minute)…").font(.caption)
      }
    case .ready:
      Label("Ready", systemImage: "checkmark.circle.fill")
        .font(.caption)
        .foregroundStyle(.green)
    case .failed(let message):
      Text(message).font(.caption).foregroundStyle(.red)
    }
  }
}
