import Storage
import SwiftUI
import TextPipeline

/// Phrases that expand into stored text when spoken ("my address").
@MainActor
struct SnippetsView: View {
  @Environment(AppModel.self) private var model
  @State private var snippets: [Snippet] = []
  @State private var editing: Snippet?
  @State private var error: String?

  var body: some View {
    List {
      if let error { Text(error).foregroundStyle(.red) }
      ForEach(snippets, id: \.trigger) { snippet in
        Button {
          editing = snippet
        } label: {
          VStack(alignment: .leading, spacing: 2) {
            Text("“\(snippet.trigger)”").font(.headline)
            Text(snippet.expansion).font(.caption).foregroundStyle(.secondary).lineLimit(2)
          }
        }
        .foregroundStyle(.primary)
      }
      .onDelete { offsets in
        for index in offsets { _ = try? model.database?.removeSnippet(trigger: snippets[index].trigger) }
        reload()
      }
    }
    .overlay {
      if snippets.isEmpty {
        ContentUnavailableView(
          "No snippets yet", systemImage: "text.append",
          description: Text("Say a short phrase, get your address, a link or a signature."))
      }
    }
    .navigationTitle("Snippets")
    .toolbar {
      Button {
        editing = Snippet(trigger: "", expansion: "")
      } label: {
        Label("Add", systemImage: "plus")
      }
    }
    .sheet(item: $editing) { snippet in
      SnippetEditor(snippet: snippet) { saved in
        do {
          _ = try model.database?.saveSnippet(saved)
          error = nil
        } catch {
          self.error = UserMessage.of(error)
        }
        reload()
      }
    }
    .onAppear(perform: reload)
  }

  private func reload() {
    snippets = (try? model.database?.snippets()) ?? []
  }
}

extension Snippet: @retroactive Identifiable {
  public var id: String { trigger }
}

@MainActor
struct SnippetEditor: View {
  @Environment(\.dismiss) private var dismiss
  @State private var trigger: String
  @State private var expansion: String
  let save: (Snippet) -> Void

  init(snippet: Snippet, save: @escaping (Snippet) -> Void) {
    _trigger = State(initialValue: snippet.trigger)
    _expansion = State(initialValue: snippet.expansion)
    self.save = save
  }

  var body: some View {
    NavigationStack {
      Form {
        TextField("When I say…", text: $trigger)
          .textInputAutocapitalization(.never)
        Section("Write") {
          TextEditor(text: $expansion).frame(minHeight: 120)
        }
      }
      .navigationTitle("Snippet")
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
        ToolbarItem(placement: .confirmationAction) {
          Button("Save") {
            save(Snippet(trigger: trigger.trimmingCharacters(in: .whitespaces), expansion: expansion))
            dismiss()
          }
          .disabled(trigger.trimmingCharacters(in: .whitespaces).isEmpty || expansion.isEmpty)
        }
      }
    }
  }
}
