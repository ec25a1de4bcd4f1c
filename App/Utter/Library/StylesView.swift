import Dictation
import DictationValues
import Storage
import SwiftUI

/// Writing styles: the default, and styles tied to kinds of fields (email, messages…).
@MainActor
struct StylesView: View {
  @Environment(AppModel.self) private var model
  @State private var styles: [SavedStyle] = []

  var body: some View {
    EditableList(
      styles, newItem: SavedStyle(name: "", kind: "custom"), reload: reload,
      save: { style in
        _ = try model.database?.saveStyle(style)
        model.store.shareWithKeyboard()
      },
      remove: { style in
        _ = try model.database?.removeStyle(name: style.name)
        model.store.shareWithKeyboard()
      }
    ) { style in
      ItemSummary(Text(style.name), detail: Text(StyleSummary.detail(style)))
    } editor: { style, save in
      StyleEditor(style: style, save: save)
    } content: { rows, _ in
      List {
        Section {
          Picker("Default style", selection: defaultStyle) {
            ForEach(FieldContext.builtInStyles, id: \.name) { style in Text(style.title).tag(style.name) }
            ForEach(styles, id: \.name) { style in Text(style.name).tag(style.name) }
          }
        } footer: {
          Text(
            "Formal keeps capitals and punctuation; casual drops a lone final period; verbatim writes exactly what the engine heard."
          )
        }
        Section("Your styles") { rows }
      }
    }
    .navigationTitle("Styles")
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
  @State private var name: String
  @State private var prompt: String
  @State private var contexts: String
  @State private var translateTo: String?
  let original: SavedStyle
  let save: (SavedStyle) -> Void

  init(style: SavedStyle, save: @escaping (SavedStyle) -> Void) {
    original = style
    _name = State(initialValue: style.name)
    _prompt = State(initialValue: style.prompt ?? "")
    _contexts = State(initialValue: style.defaultContexts.joined(separator: ", "))
    _translateTo = State(initialValue: style.translateTo)
    self.save = save
  }

  var body: some View {
    ItemEditor(Text(name.isEmpty ? "New style" : name), canSave: !name.trimmingCharacters(in: .whitespaces).isEmpty) {
      save(
        SavedStyle(
          name: name.trimmingCharacters(in: .whitespaces), kind: original.kind,
          prompt: prompt.isEmpty ? nil : prompt, defaultContexts: contexts.commaSeparated, translateTo: translateTo))
    } fields: {
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
      Section {
        Picker("Insert in", selection: $translateTo) {
          ForEach(StyleSummary.languageChoices(keeping: original.translateTo), id: \.title) { choice in
            Text(choice.title).tag(choice.code)
          }
        }
      } footer: {
        Text(
          "Dictations in this style are written in this language, whatever you speak; the keyboard shows what you "
            + "said under it, and Undo puts that back.")
      }
    }
  }
}
