import Dictation
import DictationValues
import Storage
import SwiftUI

/// Every dictation, newest first, searchable.
@MainActor
struct HistoryView: View {
  @Environment(AppModel.self) private var model
  @State private var entries: [HistoryEntry] = []
  @State private var query = ""
  @State private var error: String?

  var body: some View {
    List {
      if let error {
        Text(error).foregroundStyle(.red)
      }
      ForEach(entries) { entry in
        NavigationLink(value: entry) {
          HistoryRow(entry: entry)
        }
        .swipeActions(edge: .leading) {
          Button {
            UIPasteboard.general.string = entry.finalText
          } label: {
            Label("Copy", systemImage: "doc.on.doc")
          }
          .tint(.blue)
        }
      }
      .onDelete(perform: delete)
    }
    .overlay {
      if entries.isEmpty {
        ContentUnavailableView(
          query.isEmpty ? "No dictations yet" : "No matches",
          systemImage: query.isEmpty ? "mic" : "magnifyingglass",
          description: Text(query.isEmpty ? "Everything you dictate is kept here." : "Try other words."))
      }
    }
    .navigationTitle("History")
    .navigationDestination(for: HistoryEntry.self) { entry in HistoryDetailView(entry: entry) }
    .searchable(text: $query, prompt: "Search dictations")
    .onChange(of: query) { _, _ in reload() }
    .onAppear(perform: reload)
    .refreshable { reload() }
  }

  private func reload() {
    guard let database = model.database else { return }
    do {
      let trimmed = query.trimmingCharacters(in: .whitespaces)
      entries =
        trimmed.isEmpty
        ? try database.latestHistory(limit: 500) : try database.searchHistory(trimmed, limit: 200)
      error = nil
    } catch {
      self.error = UserMessage.of(error)
    }
  }

  private func delete(at offsets: IndexSet) {
    for id in entries.storedIDs(at: offsets) { _ = try? model.database?.deleteHistory(id: id) }
    reload()
  }
}

/// One dictation in the list.
@MainActor
struct HistoryRow: View {
  let entry: HistoryEntry

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(entry.finalText.isEmpty ? entry.rawText : entry.finalText)
        .lineLimit(3)
      HStack(spacing: 6) {
        Text(entry.createdAt, format: .dateTime.month().day().hour().minute())
        Text("·")
        Text("\(entry.wordCount) words")
        Text("·")
        Label(entry.origin.badge.label, systemImage: entry.origin.badge.symbol)
        if entry.status != .complete {
          Text(entry.status.rawValue.capitalized)
            .foregroundStyle(entry.status == .failed ? .red : .orange)
        }
      }
      .font(.caption)
      .foregroundStyle(.secondary)
    }
    .accessibilityElement(children: .combine)
  }
}
