import DictationValues
import Foundation
import Testing
import TextPipeline

@testable import Storage

@Suite("Dictionary, snippets, styles and notes")
struct VocabularyTests {
  @Test("dictionary terms are unique ignoring case; saving again replaces", arguments: StoreKind.allCases)
  func dictionary(kind: StoreKind) throws {
    let store = try StoreFixture(kind)
    defer { store.folder.remove() }
    let db = store.database
    #expect(try db.saveDictionaryEntry(DictionaryEntry(term: "Kubernetes", replacements: ["cooper netties"])) == .added)
    #expect(
      try db.saveDictionaryEntry(
        DictionaryEntry(term: "kubernetes", replacements: ["kuber nets", "Kuber Nets", " "], matchBySound: false))
        == .updated)
    try db.saveDictionaryEntry(DictionaryEntry(term: "Anaïs"))
    let entries = try db.dictionaryEntries()
    #expect(
      entries == [
        DictionaryEntry(term: "Anaïs"),
        DictionaryEntry(term: "kubernetes", replacements: ["kuber nets"], matchBySound: false),
      ])
    #expect(try db.removeDictionaryEntry(term: "ANAÏS"))
    #expect(try db.removeDictionaryEntry(term: "nothing") == false)
    #expect(try db.pipelineVocabulary().dictionary.map(\.term) == ["kubernetes"])
    #expect(throws: StorageError.self) { try db.saveDictionaryEntry(DictionaryEntry(term: "  ")) }
  }

  @Test("snippet triggers are unique ignoring case")
  func snippets() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let db = store.database
    #expect(try db.saveSnippet(Snippet(trigger: "My Calendar", expansion: "https://cal.example/a")) == .added)
    #expect(try db.saveSnippet(Snippet(trigger: "my calendar", expansion: "https://cal.example/b")) == .updated)
    #expect(try db.snippets() == [Snippet(trigger: "my calendar", expansion: "https://cal.example/b")])
    #expect(try db.removeSnippet(trigger: "MY CALENDAR"))
    #expect(try db.snippets().isEmpty)
    #expect(throws: StorageError.self) { try db.saveSnippet(Snippet(trigger: "x", expansion: "")) }
  }

  @Test("a style claiming a context takes it from the style that had it")
  func styles() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let db = store.database
    try db.saveStyle(SavedStyle(name: "Work", kind: "formal", defaultContexts: ["email", "docs"]))
    try db.saveStyle(SavedStyle(name: "Chat", kind: "casual", defaultContexts: ["Email", "messages"]))
    let saved = try db.styles()
    #expect(saved.first { $0.name == "Chat" }?.defaultContexts.map { $0.lowercased() } == ["email", "messages"])
    #expect(saved.first { $0.name == "Work" }?.defaultContexts == ["docs"])
    #expect(try db.removeStyle(name: "WORK"))
    #expect(try db.styles().map(\.name) == ["Chat"])
  }

  @Test("a style's language is kept as given (pt-BR, or \"\" for as spoken); a wrong one is refused in one line")
  func styleLanguage() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let db = store.database
    try db.saveStyle(SavedStyle(name: "Para o Brasil", kind: "natural", translateTo: "PT-BR"))
    try db.saveStyle(SavedStyle(name: "As said", kind: "verbatim", translateTo: ""))
    let languages = Dictionary(uniqueKeysWithValues: try db.styles().map { ($0.name, $0.translateTo) })
    #expect(languages == ["Para o Brasil": "pt-BR", "As said": ""])
    for wrong in ["auto", "French", "f"] {
      let error = #expect(throws: StorageError.self) {
        try db.saveStyle(SavedStyle(name: "Wrong", kind: "natural", translateTo: wrong))
      }
      #expect(error?.description == "a style's language must be a code such as en or fr, not '\(wrong)'")
    }
    #expect(try db.styles().count == 2)
  }

  @Test("notes are added, searched and removed")
  func notes() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let db = store.database
    let milk = try db.addNote("Buy oat milk and crème fraîche")
    store.clock.advance(by: 5)
    try db.addNote("Call the dentist", sourceHistoryUUID: "h-1")
    #expect(try db.notes().map(\.text) == ["Call the dentist", "Buy oat milk and crème fraîche"])
    #expect(try db.searchNotes("creme").map(\.id) == [milk.id])
    #expect(try db.searchNotes("\"oat milk\"").count == 1)
    #expect(try db.searchNotes("OR").isEmpty)
    #expect(try db.deleteNote(id: milk.id ?? -1))
    #expect(try db.searchNotes("oat").isEmpty)
    #expect(throws: StorageError.self) { try db.addNote("   ") }
  }
}
