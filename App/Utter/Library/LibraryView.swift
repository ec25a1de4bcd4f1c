import SwiftUI

/// The user's words, snippets, styles and numbers.
@MainActor
struct LibraryView: View {
  var body: some View {
    List {
      NavigationLink {
        DictionaryView()
      } label: {
        Label("Dictionary", systemImage: "character.book.closed")
      }
      NavigationLink {
        SnippetsView()
      } label: {
        Label("Snippets", systemImage: "text.append")
      }
      NavigationLink {
        StylesView()
      } label: {
        Label("Styles", systemImage: "textformat")
      }
      NavigationLink {
        StatsView()
      } label: {
        Label("Stats", systemImage: "chart.bar")
      }
    }
    .navigationTitle("Library")
  }
}
