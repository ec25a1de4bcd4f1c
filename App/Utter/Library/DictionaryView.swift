import Storage
import SwiftUI
import TextPipeline

/// Names and words Utter should spell your way, and what it may mishear them as.
@MainActor
struct DictionaryView: View {
  @Environment(AppModel.self) private var model
  @State private var entries: [DictionaryEntry] = []
  @State private var suggestions: [LearningCandidate] = []
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
            HStack {
              Text(entry.term).font(.headline)
              if entry.origin == .learned {
                Text("Learned").font(.caption2).foregroundStyle(.secondary)
                  .accessibilityLabel("Learned from your corrections")
              }
            }
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
        for index in offsets { remove(entries[index]) }
        reload()
      }
      if !suggestions.isEmpty {
        Section {
          ForEach(suggestions, id: \.self) { suggestion in
            LearningSuggestionRow(suggestion: suggestion) { confirmed in
              do {
                if confirmed {
                  _ = try model.database?.confirmLearning(term: suggestion.corrected)
                } else {
                  _ = try model.database?.forgetLearned(term: suggestion.corrected)
                }
                error = nil
              } catch {
                self.error = UserMessage.of(error)
              }
              reload()
            }
          }
        } header: {
          Text("Suggestions")
        } footer: {
          Text("Words you corrected once. Utter learns a word the second time, or now if you add it.")
        }
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
    suggestions = (try? model.database?.learningCandidates()) ?? []
  }

  /// Deletes a term; a learned one is also kept from being learned again.
  private func remove(_ entry: DictionaryEntry) {
    if entry.origin == .learned {
      _ = try? model.database?.forgetLearned(term: entry.term)
    } else {
      _ = try? model.database?.removeDictionaryEntry(term: entry.term)
    }
  }
}

/// A correction Utter may learn: what was heard, what the user wrote, and buttons to learn or dismiss it.
@MainActor
struct LearningSuggestionRow: View {
  let suggestion: LearningCandidate
  let decide: (_ confirmed: Bool) -> Void

  var body: some View {
    HStack {
      VStack(alignment: .leading, spacing: 2) {
        Text(suggestion.corrected).font(.headline)
        Text("Heard as: \(suggestion.heard)").font(.caption).foregroundStyle(.secondary)
      }
      Spacer()
      Button("Add") { decide(true) }
        .buttonStyle(.borderless)
      Button {
        decide(false)
      } label: {
        Image(systemName: "xmark.circle")
      }
      .buttonStyle(.borderless)
      .accessibilityLabel("Dismiss")
    }
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
