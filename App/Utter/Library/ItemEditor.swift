import SwiftUI

/// The sheet that adds or edits one kept item: its fields in a form, Cancel, and Save, which saves and closes.
@MainActor
struct ItemEditor<Fields: View>: View {
  @Environment(\.dismiss) private var dismiss
  let title: Text
  let canSave: Bool
  let save: () -> Void
  let fields: Fields

  init(_ title: Text, canSave: Bool, save: @escaping () -> Void, @ViewBuilder fields: () -> Fields) {
    self.title = title
    self.canSave = canSave
    self.save = save
    self.fields = fields()
  }

  var body: some View {
    NavigationStack {
      Form { fields }
        .navigationTitle(title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
          ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
          ToolbarItem(placement: .confirmationAction) {
            Button("Save") {
              save()
              dismiss()
            }
            .disabled(!canSave)
          }
        }
    }
  }
}

extension String {
  /// The parts of a comma-separated field, trimmed, without empty ones ("a, b,," → ["a", "b"]).
  var commaSeparated: [String] {
    split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
