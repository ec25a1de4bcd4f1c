import Foundation
import Testing

@testable import Storage

@Suite("Searching history")
struct HistorySearchTests {
  func seeded(_ kind: StoreKind) throws -> StoreFixture {
    let store = try StoreFixture(kind)
    try store.dictate("Deploy the Kubernetes cluster before lunch", origin: .keyboard)
    store.clock.advance(by: 60)
    try store.dictate("Rendez-vous au café à midi avec Zoé", origin: .app)
    store.clock.advance(by: 60)
    try store.dictate("Review the pull request from Ana", origin: .widget)
    store.clock.advance(by: 60)
    try store.dictate("Request a review for the pull of the rope", origin: .shortcut)
    return store
  }

  @Test("a prefix finds the whole word: 'kube' finds Kubernetes", arguments: StoreKind.allCases)
  func prefix(kind: StoreKind) throws {
    let store = try seeded(kind)
    defer { store.folder.remove() }
    let found = try store.database.searchHistory("kube", limit: 10)
    #expect(found.map(\.finalText) == ["Deploy the Kubernetes cluster before lunch"])
  }

  @Test("accents are ignored both ways", arguments: StoreKind.allCases)
  func diacritics(kind: StoreKind) throws {
    let store = try seeded(kind)
    defer { store.folder.remove() }
    #expect(try store.database.searchHistory("cafe zoe", limit: 10).count == 1)
    #expect(try store.database.searchHistory("CAFÉ", limit: 10).first?.origin == .app)
  }

  @Test("a quoted phrase matches only those words in that order")
  func phrase() throws {
    let store = try seeded(.onDisk)
    defer { store.folder.remove() }
    let loose = try store.database.searchHistory("pull request", limit: 10)
    #expect(loose.count == 2)
    let exact = try store.database.searchHistory("\"pull request\"", limit: 10)
    #expect(exact.map(\.finalText) == ["Review the pull request from Ana"])
  }

  @Test("results come newest first and respect the limit")
  func ordering() throws {
    let store = try seeded(.onDisk)
    defer { store.folder.remove() }
    let found = try store.database.searchHistory("the", limit: 2)
    #expect(found.map(\.origin) == [.shortcut, .widget])
  }

  @Test("hostile input neither throws nor matches everything")
  func hostile() throws {
    let store = try seeded(.onDisk)
    defer { store.folder.remove() }
    for query in [
      "\"", "*", "AND", "a OR", "NEAR(", "finalText:kube", "'; DROP TABLE history; --", "^the", "(((", "\"unbalanced",
    ] {
      _ = try store.database.searchHistory(query, limit: 10)
    }
    #expect(try store.database.searchHistory("*", limit: 10).isEmpty)
    #expect(try store.database.searchHistory("finalText:kube", limit: 10).isEmpty)
    #expect(try store.database.searchHistory("'; DROP TABLE history; --", limit: 10).isEmpty)
    #expect(try store.database.historyCount() == 4)
    #expect(try store.database.searchHistory("AND", limit: 10).isEmpty)
  }

  @Test("empty text lists the latest entries")
  func emptyText() throws {
    let store = try seeded(.onDisk)
    defer { store.folder.remove() }
    #expect(try store.database.searchHistory("  ", limit: 3).count == 3)
  }

  @Test("filters by source, status and date range combine with the text", arguments: StoreKind.allCases)
  func filters(kind: StoreKind) throws {
    let store = try seeded(kind)
    defer { store.folder.remove() }
    store.clock.advance(by: 60)
    try store.dictate("The pull failed", origin: .keyboard, status: .failed)
    let db = store.database
    #expect(try db.searchHistory("pull", filter: HistoryFilter(sources: [.widget]), limit: 10).count == 1)
    #expect(
      try db.searchHistory("pull", filter: HistoryFilter(statuses: [.failed]), limit: 10).map(\.finalText)
        == ["The pull failed"])
    let since = StoreFixture.start.addingTimeInterval(90)
    let until = StoreFixture.start.addingTimeInterval(150)
    let window = try db.searchHistory("", filter: HistoryFilter(since: since, until: until), limit: 10)
    #expect(window.map(\.origin) == [.widget])
    #expect(try db.latestHistory(limit: 10, filter: HistoryFilter(sources: [.app, .shortcut])).count == 2)
  }

  @Test("an entry's new text is searchable after an update and its old text is not")
  func updateReindexes() throws {
    let store = try seeded(.onDisk)
    defer { store.folder.remove() }
    guard var entry = try store.database.searchHistory("kubernetes", limit: 1).first else {
      Issue.record("seed missing")
      return
    }
    entry.finalText = "Deploy the Nomad cluster"
    entry.rawText = "deploy the nomad cluster"
    try store.database.updateHistory(entry)
    #expect(try store.database.searchHistory("kubernetes", limit: 10).isEmpty)
    #expect(try store.database.searchHistory("nomad", limit: 10).map(\.id) == [entry.id])
  }
}

@Suite("Searching history by date when row order and time order differ")
struct HistoryDateBoundTests {
  @Test("an imported older entry with a newer row id is found by exactly the right date ranges")
  func outOfOrderIDs() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let first = try store.dictate("budget draft one")
    store.clock.advance(by: 100)
    let second = try store.dictate("budget draft two")
    store.clock.set(StoreFixture.start.addingTimeInterval(-1000))
    let imported = try store.dictate("budget draft imported")
    #expect((imported.id ?? 0) > (second.id ?? 0))
    let start = StoreFixture.start
    func ids(since: Double? = nil, until: Double? = nil) throws -> Set<Int64?> {
      let filter = HistoryFilter(
        since: since.map { start.addingTimeInterval($0) }, until: until.map { start.addingTimeInterval($0) })
      return Set(try store.database.searchHistory("budget", filter: filter, limit: 10).map(\.id))
    }
    #expect(try ids(since: -2000) == [first.id, second.id, imported.id])
    #expect(try ids(since: 50) == [second.id])
    #expect(try ids(until: 50) == [first.id, imported.id])
    #expect(try ids(since: -500, until: 50) == [first.id])
    #expect(try ids(since: 5000).isEmpty)
    #expect(try ids(until: -5000).isEmpty)
  }
}
