import Dictation
import DictationValues
import SwiftUI

/// A screen of things the user keeps (words, snippets, styles): tap a row to edit it in a sheet, swipe to delete
/// it, + to add one. Saving shows its error above the rows; every change and every appearance reloads the items.
///
/// The screen owns its items and lays out its list with `content`, placing the rows where they belong and running
/// its other edits through `change`.
@MainActor
struct EditableList<Item: Identifiable, Row: View, Editor: View, Content: View>: View {
  /// Runs an edit as a save runs: its error shows above the rows, then the items reload.
  typealias Change = (_ edit: () throws -> Void) -> Void

  let items: [Item]
  let newItem: () -> Item
  let reload: () -> Void
  let save: (Item) throws -> Void
  let remove: (Item) throws -> Void
  let row: (Item) -> Row
  let editor: (Item, _ save: @escaping (Item) -> Void) -> Editor
  let content: (_ rows: EditableRows<Item, Row>, _ change: @escaping Change) -> Content
  @State private var editing: Item?
  @State private var error: String?

  init(
    _ items: [Item], newItem: @escaping @autoclosure () -> Item, reload: @escaping () -> Void,
    save: @escaping (Item) throws -> Void, remove: @escaping (Item) throws -> Void,
    @ViewBuilder row: @escaping (Item) -> Row,
    @ViewBuilder editor: @escaping (Item, _ save: @escaping (Item) -> Void) -> Editor,
    @ViewBuilder content: @escaping (_ rows: EditableRows<Item, Row>, _ change: @escaping Change) -> Content
  ) {
    self.items = items
    self.newItem = newItem
    self.reload = reload
    self.save = save
    self.remove = remove
    self.row = row
    self.editor = editor
    self.content = content
  }

  var body: some View {
    content(rows, change)
      .toolbar {
        Button {
          editing = newItem()
        } label: {
          Label("Add", systemImage: "plus")
        }
      }
      .sheet(item: $editing) { item in
        editor(item) { saved in change { try save(saved) } }
      }
      .onAppear(perform: reload)
  }

  private var rows: EditableRows<Item, Row> {
    EditableRows(error: error, items: items, row: row) { item in
      editing = item
    } delete: { offsets in
      for index in offsets { _ = try? remove(items[index]) }
      reload()
    }
  }

  private func change(_ edit: () throws -> Void) {
    do {
      try edit()
      error = nil
    } catch {
      self.error = UserMessage.of(error)
    }
    reload()
  }
}

/// The rows of an `EditableList`: the last error, then one button per item that opens its editor; swipe deletes.
@MainActor
struct EditableRows<Item: Identifiable, Row: View>: View {
  let error: String?
  let items: [Item]
  let row: (Item) -> Row
  let edit: (Item) -> Void
  let delete: (IndexSet) -> Void

  var body: some View {
    if let error { Text(error).foregroundStyle(.red) }
    ForEach(items) { item in
      Button {
        edit(item)
      } label: {
        row(item)
      }
      .foregroundStyle(.primary)
    }
    .onDelete(perform: delete)
  }
}
