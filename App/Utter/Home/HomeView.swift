import Dictation
import PhoneSession
import Storage
import SwiftUI

/// Dictate in the app, see the keyboard session, and find recent notes.
@MainActor
struct HomeView: View {
  @Environment(AppModel.self) private var model
  @State private var dictation: AppDictation?
  @State private var notes: [Note] = []

  var body: some View {
    List {
      if let problem = model.store.problem {
        Section { Label(problem, systemImage: "exclamationmark.triangle").foregroundStyle(.orange) }
      }
      Section {
        if let dictation {
          DictationControl(dictation: dictation, asNote: false)
            .padding(.vertical, 8)
        }
      }
      Section("Keyboard session") {
        SessionStatusRow()
      }
      Section {
        Button {
          model.go(to: .newNote)
        } label: {
          Label("New voice note", systemImage: "square.and.pencil")
        }
        ForEach(notes) { note in
          NavigationLink(value: note) {
            VStack(alignment: .leading, spacing: 2) {
              Text(note.text).lineLimit(2)
              Text(note.updatedAt, style: .relative).font(.caption).foregroundStyle(.secondary)
            }
          }
        }
        .onDelete(perform: deleteNotes)
      } header: {
        Text("Notes")
      }
    }
    .navigationTitle("Utter")
    .navigationDestination(for: Note.self) { note in NoteEditor(note: note) }
    .onAppear {
      if dictation == nil { dictation = model.appDictation() }
      reload()
    }
    .refreshable { reload() }
  }

  private func reload() {
    notes = (try? model.database?.notes(limit: 20)) ?? []
  }

  private func deleteNotes(at offsets: IndexSet) {
    for id in notes.storedIDs(at: offsets) { _ = try? model.database?.deleteNote(id: id) }
    reload()
  }
}

/// Whether the keyboard's flow session is on, with start and end.
@MainActor
struct SessionStatusRow: View {
  @Environment(AppModel.self) private var model

  var body: some View {
    HStack {
      VStack(alignment: .leading, spacing: 2) {
        Text(model.flow.isOn ? "On — the keyboard can dictate" : "Off")
          .font(.headline)
        if let expiresAt = model.flow.expiresAt {
          Text("Ends \(expiresAt, style: .relative)").font(.caption).foregroundStyle(.secondary)
        } else if case .failed(let message) = model.flow.status {
          Text(message).font(.caption).foregroundStyle(.red)
        } else if !model.flow.isOn {
          Text("Starts when you tap the keyboard's microphone").font(.caption).foregroundStyle(.secondary)
        }
      }
      Spacer()
      if model.flow.isOn {
        Button("End", role: .destructive) { model.flow.end() }
      } else {
        Button("Start") { model.openFlowSession() }
      }
    }
    .accessibilityElement(children: .combine)
  }
}

/// Edits a note's text.
@MainActor
struct NoteEditor: View {
  @Environment(AppModel.self) private var model
  @State private var text: String
  let note: Note

  init(note: Note) {
    self.note = note
    _text = State(initialValue: note.text)
  }

  var body: some View {
    TextEditor(text: $text)
      .padding(.horizontal)
      .navigationTitle("Note")
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ShareLink(item: text)
      }
      .onDisappear {
        guard text != note.text, let id = note.id else { return }
        _ = try? model.database?.updateNote(id: id, text: text)
      }
  }
}
