import Storage
import SwiftUI
import TextPipeline

/// Names and words Utter should spell your way, and what it may mishear them as.
@MainActor
struct DictionaryView: View {
  @Environment(AppModel.self) private var model
  @State private var entries: [DictionaryEntry] = []
  @State private var editing: DictionaryEntry?
  @State private var error: String?

  var body: some View {
    List {
      if let error { Text(error).foregroundStyle(.red) }
      ForEach(entries, id: \.term) { entry in
        Button {
          editing = entry
        } label: {
          VStack(alignment: .leading, spacing: 2) {
            Text(entry.term).font(.headline)
            if !entry.replacements.isEmpty {
              Text("From: " + entry.replacements.joined(separator: ", "))
                .font(.caption)
                .foregroundStyle(.secondary)
            }
          }
        }
        .foregroundStyle(.primary)
      }
      .onDelete { offsets in
        for index in offsets { _ = try? model.database?.removeDictionaryEntry(term: entries[index].term) }
        reload()
      }
    }
    .overlay {
      if entries.isEmpty {
        ContentUnavailableView(
          "No words yet", systemImage: "character.book.closed",
          description: Text("Add names, brands and jargon so Utter writes them correctly."))
      }
    }
    .navigationTitle("Dictionary")
    .toolbar {
      Button {
        editing = DictionaryEntry(term: "")
      } label: {
        Label("Add", systemImage: "plus")
      }
    }
    .sheet(item: $editing) { entry in
      DictionaryEntryEditor(entry: entry) { saved in
        do {
          _ = try model.database?.saveDictionaryEntry(saved)
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
    entries = (try? model.database?.dictionaryEntries()) ?? []
  }
}

extension DictionaryEntry: @retroactive Identifiable {
  public var id: String { term }
}

/// Adds or edits one dictionary word.
@MainActor
struct DictionaryEntryEditor: View {
  @Environment(\.dismiss) private var dismiss
  @State private var term: String
  @State private var replacements: String
  @State private var matchBySound: Bool
  let save: (DictionaryEntry) -> Void

  init(entry: DictionaryEntry, save: @escaping (DictionaryEntry) -> Void) {
    _term = State(initialValue: entry.term)
    _replacements = State(initialValue: entry.replacements.joined(separator: ", "))
    _matchBySound = State(initialValue: entry.matchBySound)
    self.save = save
  }

  var body: some View {
    NavigationStack {
      Form {
        TextField("Word or name, e.g. Kubernetes", text: $term)
          .textInputAutocapitalization(.never)
        Section {
          TextField("Misheard as, comma-separated", text: $replacements)
            .textInputAutocapitalization(.never)
          Toggle("Also fix words that sound like it", isOn: $matchBySound)
        } footer: {
          Text("Utter also tells the speech engine to expect this word.")
        }
      }
      .navigationTitle(term.isEmpty ? "New word" : term)
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
        ToolbarItem(placement: .confirmationAction) {
          Button("Save") {
            let list = replacements.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
              .filter { !$0.isEmpty }
            save(
              DictionaryEntry(
                term: term.trimmingCharacters(in: .whitespaces), replacements: list, matchBySound: matchBySound))
            dismiss()
          }
          .disabled(term.trimmingCharacters(in: .whitespaces).isEmpty)
        }
      }
    }
  }
}
