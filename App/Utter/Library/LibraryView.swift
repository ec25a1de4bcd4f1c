import SwiftUI

/// The user's words, snippets, styles and numbers.
@MainActor
struct LibraryView: View {
  var body: some View {
    List {
      link("Dictionary", systemImage: "character.book.closed", to: DictionaryView())
      link("Snippets", systemImage: "text.append", to: SnippetsView())
      link("Styles", systemImage: "textformat", to: StylesView())
      link("Stats", systemImage: "chart.bar", to: StatsView())
    }
    .navigationTitle("Library")
  }

  private func link(_ title: LocalizedStringKey, systemImage: String, to destination: some View) -> some View {
    NavigationLink {
      destination
    } label: {
      Label(title, systemImage: systemImage)
    }
  }
}
