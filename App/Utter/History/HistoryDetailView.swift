import Dictation
import DictationValues
import SessionChannel
import Storage
import SwiftUI

/// One dictation: final and raw text, what the pipeline did, copy, share, retry and delete.
@MainActor
struct HistoryDetailView: View {
  @Environment(AppModel.self) private var model
  @Environment(\.dismiss) private var dismiss
  @State private var entry: HistoryEntry
  @State private var showsRaw = false
  @State private var retrying = false
  @State private var error: String?

  init(entry: HistoryEntry) {
    _entry = State(initialValue: entry)
  }

  var body: some View {
    List {
      Section {
        Picker("Text", selection: $showsRaw) {
          Text("Final").tag(false)
          Text("Raw").tag(true)
        }
        .pickerStyle(.segmented)
        Text(shownText)
          .textSelection(.enabled)
          .padding(.vertical, 4)
      }
      Section {
        Button {
          UIPasteboard.general.string = shownText
        } label: {
          Label("Copy", systemImage: "doc.on.doc")
        }
        ShareLink(item: shownText)
        if audioURL != nil {
          Button(action: retry) {
            Label(retrying ? "Retrying…" : "Retry with current engine", systemImage: "arrow.clockwise")
          }
          .disabled(retrying)
        }
        Button(role: .destructive, action: delete) {
          Label("Delete", systemImage: "trash")
        }
      }
      if let error {
        Section { Text(error).foregroundStyle(.red) }
      }
      Section("Details") {
        LabeledContent("When", value: entry.createdAt.formatted(date: .abbreviated, time: .shortened))
        LabeledContent("Engine", value: "\(entry.engine) \(entry.model)")
        LabeledContent("Audio", value: String(format: "%.1f s", entry.audioSeconds))
        LabeledContent("Words", value: "\(entry.wordCount)")
        if let field = entry.fieldSummary { LabeledContent("Field", value: field) }
        if let message = entry.errorMessage { LabeledContent("Problem", value: message) }
      }
      if !entry.trace.isEmpty {
        Section("What Utter changed") {
          ForEach(Array(entry.trace.enumerated()), id: \.offset) { _, step in
            VStack(alignment: .leading, spacing: 2) {
              Text(step.stage).font(.caption.bold())
              Text(step.text).font(.caption)
            }
          }
        }
      }
    }
    .navigationTitle("Dictation")
    .navigationBarTitleDisplayMode(.inline)
  }

  private var shownText: String { showsRaw || entry.finalText.isEmpty ? entry.rawText : entry.finalText }

  private var audioURL: URL? {
    guard let url = model.database?.audioURL(for: entry) else { return nil }
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  private func retry() {
    guard let database = model.database else { return }
    retrying = true
    error = nil
    let (pipeline, entry) = (model.dictationPipeline(), entry)
    Task {
      defer { retrying = false }
      do {
        self.entry = try await pipeline.retry(entry, in: database).entry
      } catch {
        self.error = UserMessage.of(error)
      }
    }
  }

  private func delete() {
    if let id = entry.id { _ = try? model.database?.deleteHistory(id: id) }
    dismiss()
  }
}
