import Dictation
import DictationValues
import ModelInstallation
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
            status: model.models.status(of: choice.id), selected: selection == choice.id,
            cellularAnswered: install
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
    selection != EngineChoice.appleID && model.models.status(of: selection).phase == .ready
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
        // The model's row already says what stopped it (space, cellular); other errors are shown here.
        let shown = selection != EngineChoice.appleID && model.models.status(of: selection).problem != nil
        self.error = shown ? nil : UserMessage.of(error)
      }
    }
  }
}

/// One model in the list, with its download or preparation progress.
@MainActor
struct ModelRow: View {
  let choice: WhisperModelChoice
  let recommended: Bool
  let status: ModelInstall
  let selected: Bool
  var cellularAnswered: (() -> Void)?
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
      ModelStatusView(status: status, cellularAnswered: cellularAnswered)
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

/// The store's view of a model: a progress bar or spinner, its one line, and the cellular question's answers.
@MainActor
struct ModelStatusView: View {
  let status: ModelInstall
  /// Runs after the user answers the cellular question; by default the model is installed and chosen again.
  var cellularAnswered: (() -> Void)?
  @Environment(AppModel.self) private var model

  var body: some View {
    let view = status.view
    if status.phase != .notInstalled {
      VStack(alignment: .leading, spacing: 6) {
        if let fraction = view.fraction {
          ProgressView(value: fraction)
        } else if view.tone == .working {
          ProgressView()
        }
        if view.tone == .done {
          Label(view.line, systemImage: "checkmark.circle.fill").font(.caption).foregroundStyle(.green)
        } else {
          Text(view.line).font(.caption).foregroundStyle(view.tone == .warning ? Color.orange : Color.secondary)
        }
        if view.actions.contains(.downloadOnCellular) {
          HStack {
            Button("Download on cellular") { answer(allow: true) }
            if view.actions.contains(.waitForWiFi) {
              Button("Wait for Wi-Fi") { answer(allow: false) }
            }
          }
          .buttonStyle(.bordered)
          .font(.caption)
        }
      }
      .accessibilityElement(children: .contain)
    }
  }

  private func answer(allow: Bool) {
    let id = status.model.id
    model.models.answerCellular(id, allow: allow)
    guard allow else { return }
    if let cellularAnswered {
      cellularAnswered()
    } else {
      Task { try? await model.use(.whisper(id)) }
    }
  }
}
