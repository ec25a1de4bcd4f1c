import Dictation
import DictationValues
import PhoneSession
import SwiftUI

/// Full-screen dictation opened by an intent, a widget or `utter://dictate`: starts listening at once. Its text goes
/// where `AppDictationTarget.quickDictation` says: a note stays here, else a waiting Shortcut or the next keyboard.
@MainActor
struct QuickDictationView: View {
  let savesAsNote: Bool
  var openedBy = DictationOrigin.widget
  @Environment(AppModel.self) private var model
  @Environment(\.dismiss) private var dismiss
  @State private var dictation: AppDictation?

  var body: some View {
    NavigationStack {
      VStack {
        Spacer()
        if let dictation {
          DictationControl(dictation: dictation, asNote: savesAsNote)
        }
        Spacer()
      }
      .padding()
      .navigationTitle(savesAsNote ? "New note" : "Dictate")
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Close") {
            dictation?.cancel()
            dismiss()
          }
        }
      }
    }
    .onAppear {
      guard dictation == nil else { return }
      let new = model.appDictation()
      dictation = new
      new.start(target: .quickDictation(asNote: savesAsNote, openedBy: openedBy))
    }
  }
}
