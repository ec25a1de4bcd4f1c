import DictationValues
import Storage
import SwiftUI

/// Names and words Utter should spell your way, and what it may mishear them as.
@MainActor
struct DictionaryView: View {
  @Environment(AppModel.self) private var model
  @State private var entries: [DictionaryEntry] = []
  @State private var suggestions: [LearningCandidate] = []

  var body: some View {
    EditableList(
      entries, newItem: DictionaryEntry(term: ""), reload: reload,
      save: { _ = try model.database?.saveDictionaryEntry($0) }, remove: remove
    ) { entry in
      ItemSummary(
        Text(entry.term),
        detail: entry.replacements.isEmpty ? nil : Text("From: " + entry.replacements.joined(separator: ", "))
      ) {
        if entry.origin == .learned {
          Text("Learned").font(.caption2).foregroundStyle(.secondary)
            .accessibilityLabel("Learned from your corrections")
        }
      }
    } editor: { entry, save in
      DictionaryEntryEditor(entry: entry, save: save)
    } content: { rows, change in
      List {
        rows
        if !suggestions.isEmpty {
          Section {
            ForEach(suggestions, id: \.self) { suggestion in
              LearningSuggestionRow(suggestion: suggestion) { confirmed in
                change { try decide(suggestion, confirmed: confirmed) }
              }
            }
          } header: {
            Text("Suggestions")
          } footer: {
            Text(
              "Words you corrected once. Utter learns a name the second time, or now if you add it; it says why when "
                + "it will not learn one.")
          }
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
  }

  /// Reads the list again after every change, and gives the keyboard the terms it suggests.
  private func reload() {
    entries = (try? model.database?.dictionaryEntries()) ?? []
    suggestions = (try? model.database?.learningCandidates()) ?? []
    model.store.shareWithKeyboard()
  }

  /// Deletes a term; a learned one is also kept from being learned again.
  private func remove(_ entry: DictionaryEntry) throws {
    if entry.origin == .learned {
      _ = try model.database?.forgetLearned(term: entry.term)
    } else {
      _ = try model.database?.removeDictionaryEntry(term: entry.term)
    }
  }

  /// Learns a suggested word now, or dismisses it so it is not learned.
  private func decide(_ suggestion: LearningCandidate, confirmed: Bool) throws {
    if confirmed {
      _ = try model.database?.confirmLearning(term: suggestion.corrected)
    } else {
      _ = try model.database?.forgetLearned(term: suggestion.corrected)
    }
  }
}

/// A correction Utter may learn: what was heard, what the user wrote, and buttons to learn or dismiss it.
@MainActor
struct LearningSuggestionRow: View {
  let suggestion: LearningCandidate
  let decide: (_ confirmed: Bool) -> Void

  /// What was heard, and why Utter will learn it (or not, and why not).
  private var detail: String {
    let heard = "Heard as: \(suggestion.heard)"
    guard !suggestion.evidence.isEmpty else { return heard }
    let lead = suggestion.kind == .notLearned ? "Not learned: " : ""
    return "\(heard). \(lead)\(suggestion.evidence.prefix(1).uppercased() + suggestion.evidence.dropFirst())."
  }

  var body: some View {
    HStack {
      ItemSummary(Text(suggestion.corrected), detail: Text(detail))
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
    ItemEditor(
      Text(term.isEmpty ? "New word" : term), canSave: !term.trimmingCharacters(in: .whitespaces).isEmpty
    ) {
      save(
        DictionaryEntry(
          term: term.trimmingCharacters(in: .whitespaces), replacements: replacements.commaSeparated,
          matchBySound: matchBySound))
    } fields: {
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
  }
}
