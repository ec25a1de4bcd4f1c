import AppSettings
import SwiftUI

/// Utter's privacy policy, the sentences of `PrivacyPolicy` that docs/privacy.md also holds.
@MainActor
struct PrivacyView: View {
  var body: some View {
    List(PrivacyPolicy.sections) { section in
      Section(section.title) {
        ForEach(section.sentences, id: \.self) { sentence in Text(sentence) }
      }
    }
    .navigationTitle("Privacy")
  }
}
