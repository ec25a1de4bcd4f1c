import AppSettings
import CloudSpeech
import Dictation
import DictationValues
import ModelInstallation
import SwiftUI

/// Chooses the speech engine and model; downloads and deletes on-device models.
@MainActor
struct EngineSettingsView: View {
  @Environment(AppModel.self) private var model
  @State private var error: String?
  private var apple: AppleSpeechAvailability { .shared }

  var body: some View {
    List {
      Section {
        ForEach(WhisperModelChoice.all) { choice in
          HStack {
            Button {
              select(.whisper(choice.id))
            } label: {
              HStack {
                Image(systemName: isSelected(.whisper(choice.id)) ? "checkmark.circle.fill" : "circle")
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
            if model.models.status(of: choice.id) == .ready, !isSelected(.whisper(choice.id)) {
              Button(role: .destructive) {
                model.models.delete(choice.id)
              } label: {
                Image(systemName: "trash")
              }
              .buttonStyle(.borderless)
              .accessibilityLabel("Delete \(choice.title)")
            }
          }
          .accessibilityAddTraits(isSelected(.whisper(choice.id)) ? .isSelected : [])
        }
      } header: {
        Text("On this iPhone (Whisper)")
      } footer: {
        Text("Nothing leaves your iPhone. Larger models are more accurate and slower.")
      }
      if EngineChoice.onDevice(apple: apple.status).contains(.apple) {
        Section("On this iPhone (Apple)") {
          Button {
            select(.apple)
          } label: {
            HStack(alignment: .top) {
              Image(systemName: isSelected(.apple) ? "checkmark.circle.fill" : "circle")
                .foregroundStyle(.tint)
                .accessibilityHidden(true)
              VStack(alignment: .leading, spacing: 2) {
                Text("Apple's transcriber")
                AppleSpeechStatusLine(status: apple.status)
              }
            }
          }
          .foregroundStyle(.primary)
          .accessibilityAddTraits(isSelected(.apple) ? .isSelected : [])
        }
      }
      Section {
        ForEach(CloudSpeechEngines.offered, id: \.id) { engine in
          Button {
            model.updateSettings {
              $0.engine = engine.id
              $0.model = engine.models.first ?? ""
            }
          } label: {
            Label(
              "\(engine.name) (\(engine.models.first ?? "default"))",
              systemImage: model.settings.engine == engine.id ? "checkmark.circle.fill" : "circle")
          }
        }
        if let chosen = CloudSpeechEngines.offered.first(where: { $0.id == model.settings.engine }),
          chosen.offersModelChoice
        {
          Picker("\(chosen.name) model", selection: cloudModel) {
            ForEach(chosen.models, id: \.self) { name in Text(name).tag(name) }
          }
        }
      } header: {
        Text("Cloud")
      } footer: {
        Text("Audio is sent to the provider with your own API key (Settings › API keys).")
      }
      Section {
        Button {
          select(EngineChoice(id: CloudSpeechEngines.ownServerID, model: nil))
        } label: {
          Label(
            "Your own server",
            systemImage: model.settings.engine == CloudSpeechEngines.ownServerID ? "checkmark.circle.fill" : "circle")
        }
        .disabled(model.settings.engineBaseURL.isEmpty)
        OwnServerFields(
          keyID: CloudSpeechEngines.ownServerID, address: model.settings.engineBaseURL,
          modelName: model.settings.engineServerModel
        ) { address, name in
          model.updateSettings {
            $0.engineBaseURL = address
            $0.engineServerModel = name
          }
          // NB: an engine made for the old address must not be kept.
          let engines = model.engines
          Task { await engines.unload() }
        }
      } header: {
        Text("Your own server")
      } footer: {
        Text(
          "`utter serve` on a computer of yours, or any OpenAI-compatible speech server on your network. With "
            + "`utter serve`, the words appear while you speak.")
      }
      if let error {
        Section { Text(error).foregroundStyle(.red) }
      }
    }
    .navigationTitle("Engine")
    .task { await apple.refresh(language: DictationSettings(settings: model.settings, styles: []).language) }
  }

  private func isSelected(_ choice: EngineChoice) -> Bool {
    model.settings.engineChoice == choice
  }

  /// The chosen cloud engine's model.
  private var cloudModel: Binding<String> {
    Binding(get: { model.settings.model }, set: { name in model.updateSettings { $0.model = name } })
  }

  private func select(_ choice: EngineChoice) {
    error = nil
    Task {
      do {
        try await model.use(choice)
      } catch {
        self.error = UserMessage.of(error)
      }
    }
  }
}
