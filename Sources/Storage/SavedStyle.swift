import Foundation
import GRDB

/// A writing style for LLM polish: a built-in kind or a custom prompt, and the contexts it is the default for.
public struct SavedStyle: Codable, Sendable, Hashable {
  /// The style's unique name (case-insensitive), e.g. `Work email`.
  public var name: String
  /// The kind of style, e.g. `formal`, `casual`, `concise` or `custom`.
  public var kind: String
  /// The instructions for a custom style.
  public var prompt: String?
  /// Contexts (field type or app, e.g. `email`, `com.slack`) where this style applies by default.
  public var defaultContexts: [String]
  /// The language a dictation in this style is inserted in (`fr`), whatever it was spoken in; `""` as spoken,
  /// whatever the `translate-to` setting says; nil as the setting says.
  public var translateTo: String?

  public init(
    name: String, kind: String, prompt: String? = nil, defaultContexts: [String] = [], translateTo: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.prompt = prompt
    self.defaultContexts = defaultContexts
    self.translateTo = translateTo
  }
}

extension AppDatabase {
  /// Saved styles, by name.
  public func styles() throws -> [SavedStyle] {
    try read { db in try Self.fetchStyles(db) }
  }

  /// Adds or replaces the style with the same name; a context it claims stops being another style's default.
  @discardableResult
  public func saveStyle(_ style: SavedStyle) throws -> SaveOutcome {
    try write { db in try Self.upsertStyle(db, style) }
  }

  static func upsertStyle(_ db: Database, _ style: SavedStyle) throws -> SaveOutcome {
    let name = try KeyedTable.spelling(style.name, orThrow: "a style needs a name")
    guard !style.kind.isEmpty else { throw StorageError(.invalidInput, "a style needs a kind") }
    let translateTo = try style.translateTo.map { code in
      do { return try SettingParse.optionalLanguage("translate-to", code) } catch {
        throw StorageError(.invalidInput, "a style's language must be a code such as en or fr, not '\(code)'")
      }
    }
    let contexts = Array(Set(style.defaultContexts.map { $0.lowercased() })).sorted()
    let nameKey = Self.key(name)
    var existed = false
    for other in try Self.fetchStyles(db) {
      if Self.key(other.name) == nameKey {
        existed = true
        continue
      }
      let kept = other.defaultContexts.filter { !contexts.contains($0) }
      if kept != other.defaultContexts {
        try db.execute(
          sql: "UPDATE style SET defaultContexts = ? WHERE nameKey = ?",
          arguments: [try Self.json(kept), Self.key(other.name)])
      }
    }
    try db.execute(
      sql: """
        INSERT INTO style (name, nameKey, kind, prompt, defaultContexts, translateTo) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(nameKey) DO UPDATE SET name = excluded.name, kind = excluded.kind, prompt = excluded.prompt,
          defaultContexts = excluded.defaultContexts, translateTo = excluded.translateTo
        """, arguments: [name, nameKey, style.kind, style.prompt, try Self.json(contexts), translateTo])
    return existed ? .updated : .added
  }

  /// Removes the style named `name`; false when there was none.
  @discardableResult
  public func removeStyle(name: String) throws -> Bool {
    try write { db in try KeyedTable.styles.delete(name, in: db) }
  }

  static func fetchStyles(_ db: Database) throws -> [SavedStyle] {
    try Row.fetchAll(db, sql: "SELECT * FROM style ORDER BY nameKey").map { row in
      let contextsJSON: String = row["defaultContexts"]
      let contexts = (try? JSONDecoder().decode([String].self, from: Data(contextsJSON.utf8))) ?? []
      return SavedStyle(
        name: row["name"], kind: row["kind"], prompt: row["prompt"], defaultContexts: contexts,
        translateTo: row["translateTo"])
    }
  }

  static func json(_ strings: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
  }
}
