import DictationValues
import Storage
import SwiftUI
import TextPipeline

/// Phrases that expand into stored text when spoken ("my address").
@MainActor
struct SnippetsView: View {
  @Environment(AppModel.self) private var model
  @State private var snippets: [Snippet] = []

  var body: some View {
    EditableList(
      snippets, newItem: Snippet(trigger: "", expansion: ""), reload: reload,
      save: { _ = try model.database?.saveSnippet($0) },
      remove: { _ = try model.database?.removeSnippet(trigger: $0.trigger) }
    ) { snippet in
      ItemSummary(Text("“\(snippet.trigger)”"), detail: Text(snippet.expansion), detailLineLimit: 2)
    } editor: { snippet, save in
      SnippetEditor(snippet: snippet, save: save)
    } content: { rows, _ in
      List { rows }
    }
    .overlay {
      if snippets.isEmpty {
        ContentUnavailableView(
          "No snippets yet", systemImage: "text.append",
          description: Text("Say a short phrase, get your address, a link or a signature."))
      }
    }
    .navigationTitle("Snippets")
  }

  private func reload() {
    snippets = (try? model.database?.snippets()) ?? []
  }
}

extension Snippet: @retroactive Identifiable {
  public var id: String { trigger }
}

/// Adds or edits a snippet: the phrase to say and the text it writes.
@MainActor
struct SnippetEditor: View {
  @State private var trigger: String
  @State private var expansion: String
  let save: (Snippet) -> Void

  init(snippet: Snippet, save: @escaping (Snippet) -> Void) {
    _trigger = State(initialValue: snippet.trigger)
    _expansion = State(initialValue: snippet.expansion)
    self.save = save
  }

  var body: some View {
    ItemEditor(Text("Snippet"), canSave: !trigger.trimmingCharacters(in: .whitespaces).isEmpty && !expansion.isEmpty) {
      save(Snippet(trigger: trigger.trimmingCharacters(in: .whitespaces), expansion: expansion))
    } fields: {
      TextField("When I say…", text: $trigger)
        .textInputAutocapitalization(.never)
      Section("Write") {
        TextEditor(text: $expansion).frame(minHeight: 120)
      }
    }
  }
}
