import LLMPolish
import SwiftUI

/// Chooses the language model that polishes dictations (off by default).
@MainActor
struct PolishSettingsView: View {
  @Environment(AppModel.self) private var model

  var body: some View {
    List {
      Section {
        option("none", "Off", detail: "Clean-up on the iPhone only: fillers, repeats, punctuation, your words.")
        if appleIntelligenceOffered {
          option(
            LLMProviderCatalog.appleIntelligenceID, "Apple Intelligence", detail: "On this iPhone; nothing leaves it.")
        }
      }
      Section {
        ForEach(LLMProviderCatalog.reachableFromPhone.filter { $0.baseURL != nil }, id: \.id) { preset in
          option(preset.id, preset.displayName, detail: preset.defaultModel)
        }
      } header: {
        Text("Cloud")
      }
      Section {
        option(
          Self.ownServerID, "Your own server",
          detail: model.settings.polishBaseURL.isEmpty ? "Give its address below" : model.settings.polishBaseURL)
        OwnServerFields(
          keyID: LLMProviderCatalog.preset(id: Self.ownServerID)?.keyID ?? Self.ownServerID,
          address: model.settings.polishBaseURL, modelName: model.settings.polishModel
        ) { address, name in
          model.updateSettings {
            $0.polishBaseURL = address
            $0.polishModel = name
          }
        }
      } header: {
        Text("Your own server")
      } footer: {
        Text(
          "Ollama, LM Studio or any OpenAI-compatible model server on your network, at its address (not "
            + "localhost: that is this iPhone). Polish rewrites your text with a language model. If the result drifts "
            + "from what you said, Utter keeps the clean-up only.")
      }
    }
    .navigationTitle("Polish")
  }

  /// The polish provider that is the user's own server.
  static let ownServerID = "openai-compatible"

  private var appleIntelligenceOffered: Bool {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) { return AppleIntelligenceProvider.isAvailable }
    #endif
    return false
  }

  private func option(_ id: String, _ title: String, detail: String) -> some View {
    Button {
      model.updateSettings { $0.polishProvider = id }
    } label: {
      HStack {
        Image(systemName: model.settings.polishProvider == id ? "checkmark.circle.fill" : "circle")
          .foregroundStyle(.tint)
          .accessibilityHidden(true)
        VStack(alignment: .leading, spacing: 2) {
          Text(title)
          Text(detail).font(.caption).foregroundStyle(.secondary)
        }
      }
    }
    .foregroundStyle(.primary)
    .accessibilityAddTraits(model.settings.polishProvider == id ? .isSelected : [])
  }
}
