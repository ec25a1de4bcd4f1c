import DictationValues
import Foundation
import GRDB
import TextPipeline

/// A correction the user made that Utter may learn: how often, and when.
public struct LearningCandidate: Sendable, Hashable, Codable {
  /// The words as heard, e.g. `Shivor`.
  public var heard: String
  /// The user's form, e.g. `Siobhan`.
  public var corrected: String
  public var kind: LearnableCorrection.Kind
  /// Whether the heard form becomes the term when learned (false: only a new dictation's audio can make it the term).
  public var replacesHeard: Bool
  /// Why it counts as a recognition error (`LearnableCorrection.evidence`).
  public var evidence: String = ""
  /// The words heard next to the corrected ones, in lower case.
  public var context: [String] = []
  /// How many times the user made this correction.
  public var count: Int
  public var firstSeen: Date
  public var lastSeen: Date
}

/// What recording one correction did.
public enum LearningOutcome: Sendable, Hashable {
  /// Learning is off (the setting, or retention off): nothing was kept.
  case off
  /// The user forgot this term before: it is not learned again.
  case dismissed
  /// Kept as a suggestion, seen this many times.
  case suggested(count: Int)
  /// The dictionary now has this entry.
  case learned(DictionaryEntry)
}

extension AppDatabase {
  /// How many times a correction is made before it is learned.
  public static let correctionsToLearn = 2

  /// Whether corrections may be learned and kept: the `learn-words` setting is on and retention keeps history.
  public func learnsWords() throws -> Bool {
    let settings = try settings()
    return settings.learnWords && settings.retention.keepsHistory
  }

  /// Records a correction the user made; the second time (`correctionsToLearn`) it becomes a learned dictionary
  /// entry. Nothing is kept while learning is off.
  @discardableResult
  public func recordCorrection(_ correction: LearnableCorrection, context: [String] = []) throws -> LearningOutcome {
    try writeNow { db, now in
      let settings = try Self.loadSettings(db)
      guard settings.learnWords, settings.retention.keepsHistory else { return .off }
      let heardKey = Self.key(correction.heard)
      let correctedKey = Self.key(correction.corrected)
      let row = try Row.fetchOne(
        db, sql: "SELECT count, dismissed FROM learningCandidate WHERE heardKey = ? AND correctedKey = ?",
        arguments: [heardKey, correctedKey])
      if let row, row["dismissed"] as Bool { return .dismissed }
      let dismissedTerm =
        try Bool.fetchOne(
          db, sql: "SELECT 1 FROM learningCandidate WHERE correctedKey = ? AND dismissed", arguments: [correctedKey])
        ?? false
      if dismissedTerm { return .dismissed }
      let count = (row.map { $0["count"] as Int } ?? 0) + 1
      try db.execute(
        sql: """
          INSERT INTO learningCandidate
            (heard, heardKey, corrected, correctedKey, kind, replacesHeard, count, firstSeen, lastSeen, evidence,
             context)
          VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
          ON CONFLICT(heardKey, correctedKey) DO UPDATE SET count = count + 1, lastSeen = excluded.lastSeen,
            corrected = excluded.corrected, evidence = excluded.evidence, kind = excluded.kind,
            replacesHeard = excluded.replacesHeard,
            context = trim(context || ' ' || excluded.context)
          """,
        arguments: [
          correction.heard, heardKey, correction.corrected, correctedKey, correction.kind.rawValue,
          correction.replacesHeard, now, now, correction.evidence, context.joined(separator: " "),
        ])
      guard count >= Self.correctionsToLearn, correction.kind != .notLearned else { return .suggested(count: count) }
      let entry = try Self.learn(
        db, heard: correction.heard, replacesHeard: correction.replacesHeard, term: correction.corrected, now: now)
      return .learned(entry)
    }
  }

  /// Suggestions not yet learned: corrections seen fewer times than it takes, newest first.
  public func learningCandidates() throws -> [LearningCandidate] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM learningCandidate c WHERE NOT dismissed
            AND NOT EXISTS (SELECT 1 FROM dictionaryEntry d WHERE d.termKey = c.correctedKey)
          ORDER BY lastSeen DESC, id DESC
          """
      ).map(Self.candidate)
    }
  }

  /// The corrections Utter learned (made often enough, not forgotten, their term still in the dictionary), oldest
  /// first: what the engine wrote, what the user meant, and the words around it.
  public func learnedCorrections() throws -> [LearningCandidate] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM learningCandidate c WHERE NOT dismissed AND count >= ? AND heardKey != correctedKey
            AND kind != 'not-learned'
            AND EXISTS (SELECT 1 FROM dictionaryEntry d WHERE d.termKey = c.correctedKey)
          ORDER BY id
          """, arguments: [Self.correctionsToLearn]
      ).map(Self.candidate)
    }
  }

  /// Learns every suggestion that writes `term` at once (the user confirmed it); nil when there is none.
  @discardableResult
  public func confirmLearning(term: String) throws -> DictionaryEntry? {
    try writeNow { db, now in
      let rows = try Row.fetchAll(
        db, sql: "SELECT * FROM learningCandidate WHERE correctedKey = ? AND NOT dismissed ORDER BY id",
        arguments: [Self.key(term)])
      var entry: DictionaryEntry?
      for candidate in rows.map(Self.candidate) {
        try db.execute(
          sql: "UPDATE learningCandidate SET count = max(count, ?) WHERE heardKey = ? AND correctedKey = ?",
          arguments: [Self.correctionsToLearn, Self.key(candidate.heard), Self.key(candidate.corrected)])
        entry = try Self.learn(
          db, heard: candidate.heard, replacesHeard: candidate.replacesHeard, term: candidate.corrected, now: now)
      }
      return entry
    }
  }

  /// Undoes what was learned for `term`: removes it from the dictionary when Utter learned it, and keeps it from
  /// being learned again. False when there was nothing learned or suggested to forget.
  @discardableResult
  public func forgetLearned(term: String) throws -> Bool {
    try writeNow { db, now in
      let key = Self.key(term)
      try db.execute(sql: "DELETE FROM dictionaryEntry WHERE termKey = ? AND origin = 'learned'", arguments: [key])
      let removed = db.changesCount > 0
      try db.execute(sql: "UPDATE learningCandidate SET dismissed = 1 WHERE correctedKey = ?", arguments: [key])
      let dismissed = db.changesCount > 0
      if removed, !dismissed {
        // NB: a term confirmed without a stored suggestion still needs a marker so it is not learned again.
        try db.execute(
          sql: """
            INSERT INTO learningCandidate
              (heard, heardKey, corrected, correctedKey, kind, replacesHeard, count, dismissed, firstSeen, lastSeen)
            VALUES ('', '', ?, ?, 'sounds-alike', 0, 0, 1, ?, ?)
            """, arguments: [term, key, now, now])
      }
      return removed || dismissed
    }
  }

  /// Deletes every stored suggestion (learning turned off, or retention off); learned terms stay until forgotten.
  public func clearLearningCandidates() throws {
    try write { db in try db.execute(sql: "DELETE FROM learningCandidate WHERE NOT dismissed") }
  }

  /// Adds `term` as a learned entry (or adds the heard form to the existing entry for it).
  static func learn(
    _ db: Database, heard: String, replacesHeard: Bool, term: String, now: Double
  ) throws -> DictionaryEntry {
    let existing = try Row.fetchOne(
      db, sql: "SELECT * FROM dictionaryEntry WHERE termKey = ?", arguments: [key(term)]
    ).map(dictionaryEntry)
    // NB: a learned term never matches by sound: only the form the user corrected becomes it.
    var entry = existing ?? DictionaryEntry(term: term, replacements: [], matchBySound: false, origin: .learned)
    if replacesHeard, key(heard) != key(term), !entry.replacements.contains(where: { key($0) == key(heard) }) {
      entry.replacements.append(heard)
    }
    _ = try upsertDictionaryEntry(db, entry, now: now)
    return entry
  }

  static func candidate(_ row: Row) -> LearningCandidate {
    LearningCandidate(
      heard: row["heard"], corrected: row["corrected"],
      kind: LearnableCorrection.Kind(rawValue: row["kind"]) ?? .soundsAlike, replacesHeard: row["replacesHeard"],
      evidence: row["evidence"] ?? "",
      context: Array(Set((row["context"] as String? ?? "").split(separator: " ").map(String.init))).sorted(),
      count: row["count"], firstSeen: Date(timeIntervalSince1970: row["firstSeen"]),
      lastSeen: Date(timeIntervalSince1970: row["lastSeen"]))
  }
}
