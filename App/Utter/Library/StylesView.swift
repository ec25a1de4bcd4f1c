import Storage
import SwiftUI

/// Writing styles: the default, and styles tied to kinds of fields (email, messages…).
@MainActor
struct StylesView: View {
  @Environment(AppModel.self) private var model
  @State private var styles: [SavedStyle] = []
  @State private var editing: SavedStyle?
  @State private var error: String?

  var body: some View {
    List {
      Section {
        Picker("Default style", selection: defaultStyle) {
          Text("Formal").tag("formal")
          Text("Casual").tag("casual")
          Text("Very casual").tag("very-casual")
          Text("Verbatim").tag("verbatim")
          ForEach(styles, id: \.name) { style in Text(style.name).tag(style.name) }
        }
      } footer: {
        Text(
          "Formal keeps capitals and punctuation; casual drops a lone final period; verbatim writes exactly what the engine heard."
        )
      }
      Section("Your styles") {
        if let error { Text(error).foregroundStyle(.red) }
        ForEach(styles, id: \.name) { style in
          Button {
            editing = style
          } label: {
            VStack(alignment: .leading, spacing: 2) {
              Text(style.name).font(.headline)
              Text(style.defaultContexts.isEmpty ? style.kind : style.defaultContexts.joined(separator: ", "))
                .font(.caption)
                .foregroundStyle(.secondary)
            }
          }
          .foregroundStyle(.primary)
        }
        .onDelete { offsets in
          for index in offsets { _ = try? model.database?.removeStyle(name: styles[index].name) }
          reload()
        }
      }
    }
    .navigationTitle("Styles")
    .toolbar {
      Button {
        editing = SavedStyle(name: "", kind: "custom")
      } label: {
        Label("Add", systemImage: "plus")
      }
    }
    .sheet(item: $editing) { style in
      StyleEditor(style: style) { saved in
        do {
          _ = try model.database?.saveStyle(saved)
          error = nil
        } catch {
          self.error = UserMessage.of(error)
        }
        reload()
      }
    }
    .onAppear(perform: reload)
  }

  private var defaultStyle: Binding<String> {
    Binding(get: { model.settings.polishStyle }, set: { value in model.updateSettings { $0.polishStyle = value } })
  }

  private func reload() {
    styles = (try? model.database?.styles()) ?? []
  }
}

extension SavedStyle: @retroactive Identifiable {
  public var id: String { name }
}

/// Adds or edits a style: a name, instructions for polish, and the fields it applies to.
@MainActor
struct StyleEditor: View {
  @Environment(\.dismiss) private var dismiss
  @State private var name: String
  @State private var prompt: String
  @State private var contexts: String
  let original: SavedStyle
  let save: (SavedStyle) -> Void

  init(style: SavedStyle, save: @escaping (SavedStyle) -> Void) {
    original = style
    _name = State(initialValue: style.name)
    _prompt = State(initialValue: style.prompt ?? "")
    _contexts = State(initialValue: style.defaultContexts.joined(separator: ", "))
    self.save = save
  }

  var body: some View {
    NavigationStack {
      Form {
        TextField("Name", text: $name)
        Section("Instructions for polish") {
          TextEditor(text: $prompt).frame(minHeight: 120)
        }
        Section {
          TextField("email, message, note…", text: $contexts)
            .textInputAutocapitalization(.never)
        } header: {
          Text("Use in")
        }
      }
      .navigationTitle(name.isEmpty ? "New style" : name)
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
        ToolbarItem(placement: .confirmationAction) {
          Button("Save") {
            let list = contexts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
              .filter { !$0.isEmpty }
            save(
              SavedStyle(
                name: name.trimmingCharacters(in: .whitespaces), kind: original.kind,
                prompt: prompt.isEmpty ? nil : prompt, defaultContexts: list))
            dismiss()
          }
          .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
        }
      }
    }
  }
}
