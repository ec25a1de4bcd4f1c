import Dictation
import DictationValues
import Foundation
import KeyStore
import PhoneRules
import RemoteDictation
import SwiftUI

/// The address, model and key of the user's own server (`utter serve`, or any OpenAI-compatible server on their
/// network), for the speech engine or polish. The address is checked as typed settings are saved; the key goes to
/// the Keychain under `keyID` (the engine's and polish's are kept apart) and is never shown again. An address iOS
/// would not let the app reach (plain http on the internet, localhost) is refused with the reason `utter host`
/// gives, and a local one is contacted at once, so iOS asks for the local network while the app is in front.
@MainActor
struct OwnServerFields: View {
  @Environment(AppModel.self) private var model
  /// The Keychain entry of this server's key, as the speech engine (`CloudSpeechEngines.ownServerID`) or polish
  /// (`LLMProviderPreset.keyID`) reads it.
  let keyID: String
  /// The stored address and model, and how to save them.
  let address: String
  let modelName: String
  let save: (_ address: String, _ model: String) -> Void
  @State private var addressDraft = ""
  @State private var modelDraft = ""
  @State private var keyDraft = ""
  @State private var keySaved = false
  @State private var problem: String?

  var body: some View {
    Group {
      TextField("Address, e.g. http://192.168.1.20:8080", text: $addressDraft)
        .keyboardType(.URL)
        .textInputAutocapitalization(.never)
        .autocorrectionDisabled()
        .onSubmit(saveFields)
      TextField("Model (optional: the server's own)", text: $modelDraft)
        .textInputAutocapitalization(.never)
        .autocorrectionDisabled()
        .onSubmit(saveFields)
      SecureField(
        keySaved ? "Key saved; type a new one to replace it" : "Key (if the server asks for one)", text: $keyDraft
      )
      .onSubmit(saveKey)
      if let problem {
        Text(problem).foregroundStyle(.red).font(.caption)
      }
    }
    .onAppear {
      addressDraft = address
      modelDraft = modelName
      keySaved = ((try? model.keys.get(keyID)) ?? nil) != nil
    }
  }

  private func saveFields() {
    let trimmed = addressDraft.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.isEmpty || RemoteServer(address: trimmed) != nil else {
      problem = "The address starts with http:// or https://, then the computer's name or IP address and port."
      return
    }
    let url = URL(string: trimmed)
    if let url,
      case .failure(let refusal) = TransportSecurity.shipped.check(
        url, permission: .granted, inForeground: true)
    {
      problem = refusal.description
      return
    }
    problem = nil
    save(trimmed, modelDraft.trimmingCharacters(in: .whitespacesAndNewlines))
    // NB: iOS asks for the local network on the first contact, and only a user looking at the app can answer; a
    // keyboard dictation runs with the app in the background, so the app makes that first contact now.
    if let url, TransportSecurity.needsLocalNetwork(url), let probe = URL(string: "/health", relativeTo: url) {
      Task { _ = try? await URLSession.shared.data(from: probe) }
    }
  }

  private func saveKey() {
    let key = keyDraft.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !key.isEmpty else { return }
    do {
      try model.keys.set(key, for: keyID)
      keySaved = true
      keyDraft = ""
      problem = nil
    } catch {
      problem = UserMessage.of(error)
    }
  }
}
