import DictationValues
import LLMPolish
import Storage
import SwiftUI

/// Chooses the language model that polishes dictations (off by default).
@MainActor
struct PolishSettingsView: View {
  @Environment(AppModel.self) private var model
  @State private var modelDraft = ""
  @State private var agentDraft = ""

  var body: some View {
    List {
      Section {
        option("none", "Off", detail: "Clean-up on the iPhone only: fillers, repeats, punctuation, your words.")
        if appleIntelligenceOffered {
          option(
            LLMProviderCatalog.appleIntelligenceID, "Apple Intelligence",
            detail: AppleIntelligenceFailure.backgroundNote)
        }
      }
      Section {
        ForEach(LLMProviderCatalog.reachableFromPhone.filter { $0.baseURL != nil }, id: \.id) { preset in
          option(preset.id, preset.displayName, detail: preset.defaultModel)
        }
      } header: {
        Text("Cloud")
      }
      if let preset = LLMProviderCatalog.preset(id: model.settings.polishProvider), preset.id != Self.ownServerID {
        Section {
          TextField(preset.defaultModel, text: $modelDraft)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .onSubmit(saveModel)
        } header: {
          Text("\(preset.displayName) model")
        } footer: {
          Text("Asked of \(preset.displayName) only; empty: \(preset.defaultModel).")
        }
      }
      Section {
        Picker("Insert dictations in", selection: translateTo) {
          Text("The language spoken").tag("")
          ForEach(OfferedLanguage.all) { language in Text(language.name).tag(language.code) }
        }
      } header: {
        Text("Translation")
      } footer: {
        Text(
          "A dictation spoken in another language is written in this one: by Apple's translation where both "
            + "languages are on this iPhone (iOS 26), else by the polish provider above. The keyboard shows what you "
            + "said under it, and Undo puts that back.")
      }
      Section {
        TextField("Utter", text: $agentDraft)
          .autocorrectionDisabled()
          .onSubmit(saveAgentName)
      } header: {
        Text("Command name")
      } footer: {
        Text("Say it first to give a command instead of dictating: \"\(model.settings.agentName), make this formal\".")
      }
      Section {
        option(
          Self.ownServerID, "Your own server",
          detail: model.settings.polishBaseURL.isEmpty ? "Give its address below" : model.settings.polishBaseURL)
        OwnServerFields(
          keyID: LLMProviderCatalog.preset(id: Self.ownServerID)?.keyID ?? Self.ownServerID,
          address: model.settings.polishBaseURL, modelName: model.settings.polishModel(for: Self.ownServerID) ?? ""
        ) { address, name in
          model.updateSettings {
            $0.polishBaseURL = address
            $0.savePolishModel(name, for: Self.ownServerID)
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
    .onAppear {
      modelDraft = model.settings.modelForPolish
      agentDraft = model.settings.agentName
    }
    .onChange(of: model.settings.polishProvider) { _, _ in modelDraft = model.settings.modelForPolish }
    .onDisappear {
      saveModel()
      saveAgentName()
    }
  }

  /// The language dictations are inserted in ("": as spoken).
  private var translateTo: Binding<String> {
    Binding(get: { model.settings.translateTo }, set: { code in model.updateSettings { $0.translateTo = code } })
  }

  /// Saves the model typed for the chosen cloud provider, for it alone (`UtterSettings.modelForPolish`).
  private func saveModel() {
    guard modelDraft != model.settings.modelForPolish else { return }
    model.updateSettings { $0.modelForPolish = modelDraft.trimmingCharacters(in: .whitespaces) }
  }

  /// Saves the command name as `utter settings set agent-name` would, which refuses an empty or unusable one.
  private func saveAgentName() {
    guard agentDraft != model.settings.agentName else { return }
    model.updateSettings { try? $0.setValue(agentDraft, forKey: "agent-name") }
    agentDraft = model.settings.agentName
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
