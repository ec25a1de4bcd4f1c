import SwiftUI

/// Chooses the speech engine and model; downloads and deletes on-device models.
@MainActor
struct EngineSettingsView: View {
  @Environment(AppModel.self) private var model
  @State private var error: String?

  var body: some View {
    List {
      Section {
        ForEach(WhisperModelLibrary.choices) { choice in
          HStack {
            Button {
              select(choice.id)
            } label: {
              HStack {
                Image(systemName: isSelected("whisper", choice.id) ? "checkmark.circle.fill" : "circle")
                  .foregroundStyle(.tint)
                  .accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 2) {
                  Text(choice.title)
                  Text("\(choice.detail) · \(choice.megabytes) MB").font(.caption).foregroundStyle(.secondary)
                  ModelStatusView(status: model.models.status(of: choice.id))
                }
              }
            }
            .foregroundStyle(.primary)
            Spacer()
            if model.models.status(of: choice.id) == .ready, !isSelected("whisper", choice.id) {
              Button(role: .destructive) {
                model.models.delete(choice.id)
              } label: {
                Image(systemName: "trash")
              }
              .buttonStyle(.borderless)
              .accessibilityLabel("Delete \(choice.title)")
            }
          }
          .accessibilityAddTraits(isSelected("whisper", choice.id) ? .isSelected : [])
        }
      } header: {
        Text("On this iPhone (Whisper)")
      } footer: {
        Text("Nothing leaves your iPhone. Larger models are more accurate and slower.")
      }
      if AppleSpeechOption.isAvailable {
        Section("On this iPhone (Apple)") {
          Button {
            Task { await selectApple() }
          } label: {
            Label(
              "Apple's transcriber", systemImage: isSelected("apple", "system") ? "checkmark.circle.fill" : "circle")
          }
        }
      }
      Section {
        ForEach(CloudEngines.choices, id: \.id) { engine in
          Button {
            model.updateSettings {
              $0.engine = engine.id
              $0.model = engine.models.first ?? ""
            }
          } label: {
            Label(
              "\(engine.name) (\(engine.models.first ?? "default"))",
              systemImage: isSelected(engine.id, nil) ? "checkmark.circle.fill" : "circle")
          }
        }
      } header: {
        Text("Cloud")
      } footer: {
        Text("Audio is sent to the provider with your own API key (Settings › API keys).")
      }
      if let error {
        Section { Text(error).foregroundStyle(.red) }
      }
    }
    .navigationTitle("Engine")
  }

  private func isSelected(_ engine: String, _ modelID: String?) -> Bool {
    model.settings.engine == engine && (modelID == nil || model.settings.model == modelID)
  }

  private func select(_ id: String) {
    error = nil
    Task {
      do {
        try await model.useWhisperModel(id)
      } catch {
        self.error = UserMessage.of(error)
      }
    }
  }

  private func selectApple() async {
    do {
      try await AppleSpeechOption.install(language: EngineLoader.language(model.settings))
      model.updateSettings {
        $0.engine = "apple"
        $0.model = "system"
      }
      model.preloadEngine()
    } catch {
      self.error = UserMessage.of(error)
    }
  }
}
