import DictationValues
import Foundation
import GRDB

/// Whether saving added something new or replaced an existing item with the same key.
public enum SaveOutcome: String, Sendable {
  case added, updated
}

extension AppDatabase {
  /// The personal dictionary, alphabetically.
  public func dictionaryEntries() throws -> [DictionaryEntry] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM dictionaryEntry ORDER BY termKey").map(Self.dictionaryEntry)
    }
  }

  /// Adds a term, or replaces the term with the same spelling (ignoring case).
  @discardableResult
  public func saveDictionaryEntry(_ entry: DictionaryEntry) throws -> SaveOutcome {
    try writeNow { db, now in try Self.upsertDictionaryEntry(db, entry, now: now) }
  }

  static func upsertDictionaryEntry(_ db: Database, _ entry: DictionaryEntry, now: Double) throws -> SaveOutcome {
    let term = try KeyedTable.spelling(entry.term, orThrow: "a dictionary term cannot be empty")
    var seen = Set<String>()
    let replacements = entry.replacements
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && seen.insert(Self.key($0)).inserted }
    let existed = try KeyedTable.dictionary.contains(term, in: db)
    try db.execute(
      sql: """
        INSERT INTO dictionaryEntry (term, termKey, replacements, matchBySound, origin, createdAt)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(termKey) DO UPDATE SET term = excluded.term, replacements = excluded.replacements,
          matchBySound = excluded.matchBySound, origin = excluded.origin
        """,
      arguments: [term, Self.key(term), try Self.json(replacements), entry.matchBySound, entry.origin.rawValue, now])
    return existed ? .updated : .added
  }

  /// Removes `term` (ignoring case); false when it was not in the dictionary.
  @discardableResult
  public func removeDictionaryEntry(term: String) throws -> Bool {
    try write { db in try KeyedTable.dictionary.delete(term, in: db) }
  }

  /// Snippets, by trigger.
  public func snippets() throws -> [Snippet] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT trigger, expansion FROM snippet ORDER BY triggerKey").map {
        Snippet(trigger: $0["trigger"], expansion: $0["expansion"])
      }
    }
  }

  /// Adds a snippet, or replaces the expansion of the snippet whose trigger matches (ignoring case).
  @discardableResult
  public func saveSnippet(_ snippet: Snippet) throws -> SaveOutcome {
    try writeNow { db, now in try Self.upsertSnippet(db, snippet, now: now) }
  }

  static func upsertSnippet(_ db: Database, _ snippet: Snippet, now: Double) throws -> SaveOutcome {
    let trigger = try KeyedTable.spelling(snippet.trigger, orThrow: "a snippet trigger cannot be empty")
    guard !snippet.expansion.isEmpty else { throw StorageError(.invalidInput, "a snippet needs text to expand to") }
    let existed = try KeyedTable.snippets.contains(trigger, in: db)
    try db.execute(
      sql: """
        INSERT INTO snippet (trigger, triggerKey, expansion, createdAt) VALUES (?, ?, ?, ?)
        ON CONFLICT(triggerKey) DO UPDATE SET trigger = excluded.trigger, expansion = excluded.expansion
        """, arguments: [trigger, Self.key(trigger), snippet.expansion, now])
    return existed ? .updated : .added
  }

  /// Removes the snippet with `trigger` (ignoring case); false when there was none.
  @discardableResult
  public func removeSnippet(trigger: String) throws -> Bool {
    try write { db in try KeyedTable.snippets.delete(trigger, in: db) }
  }

  /// The dictionary and snippets the text pipeline applies (what `utter format` uses).
  public func pipelineVocabulary() throws -> (dictionary: [DictionaryEntry], snippets: [Snippet]) {
    (try dictionaryEntries(), try snippets())
  }

  /// The case- and width-insensitive key that makes terms, triggers and style names unique.
  static func key(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
      .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }
}
