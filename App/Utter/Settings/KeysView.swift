import Dictation
import DictationValues
import KeyStore
import SwiftUI

/// API keys for cloud engines and polish providers, in the Keychain. Keys are never shown again once saved.
@MainActor
struct KeysView: View {
  @Environment(AppModel.self) private var model
  @State private var stored: Set<String> = []
  @State private var editing: String?
  @State private var draft = ""
  @State private var error: String?

  /// A service whose key can be stored.
  struct Provider: Identifiable {
    let id: String
    let name: String
  }

  static let providers: [Provider] = [
    Provider(id: "openai", name: "OpenAI"), Provider(id: "groq", name: "Groq"),
    Provider(id: "mistral", name: "Mistral"), Provider(id: "deepgram", name: "Deepgram"),
    Provider(id: "anthropic", name: "Anthropic"), Provider(id: "gemini", name: "Google Gemini"),
  ]

  var body: some View {
    List {
      ForEach(Self.providers) { provider in
        HStack {
          Text(provider.name)
          Spacer()
          if stored.contains(provider.id) {
            Text("Saved").foregroundStyle(.secondary)
            Button(role: .destructive) {
              remove(provider.id)
            } label: {
              Image(systemName: "trash")
            }
            .buttonStyle(.borderless)
            .accessibilityLabel("Remove \(provider.name) key")
          } else {
            Button("Add") {
              draft = ""
              editing = provider.id
            }
            .buttonStyle(.borderless)
          }
        }
      }
      if let error {
        Text(error).foregroundStyle(.red)
      }
    }
    .navigationTitle("API keys")
    .onAppear(perform: reload)
    .alert("API key", isPresented: Binding(get: { editing != nil }, set: { if !$0 { editing = nil } })) {
      SecureField("Paste the key", text: $draft)
      Button("Save") { save() }
      Button("Cancel", role: .cancel) { editing = nil }
    } message: {
      Text("Stored in the Keychain on this iPhone only.")
    }
  }

  private func reload() {
    stored = Set((try? model.keys.list()) ?? [])
  }

  private func save() {
    guard let provider = editing else { return }
    do {
      try model.keys.set(draft, for: provider)
      error = nil
    } catch {
      self.error = UserMessage.of(error)
    }
    draft = ""
    editing = nil
    reload()
  }

  private func remove(_ provider: String) {
    do {
      try model.keys.remove(provider)
    } catch {
      self.error = UserMessage.of(error)
    }
    reload()
  }
}
