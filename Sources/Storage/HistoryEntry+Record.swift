import DictationValues
import Foundation
import GRDB

extension HistoryEntry: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "history"

  public init(row: Row) throws {
    let traceJSON: String = row["trace"] ?? "[]"
    self.init(
      id: row["id"], uuid: row["uuid"], rawText: row["rawText"], finalText: row["finalText"],
      trace: traceJSON == "[]"
        ? [] : (try? traceDecoder.decode([TraceStep].self, from: Data(traceJSON.utf8))) ?? [],
      engine: row["engine"], model: row["model"], language: row["language"],
      audioSeconds: row["audioSeconds"], processingSeconds: row["processingSeconds"],
      origin: DictationOrigin(rawValue: row["source"] ?? "") ?? .keyboard,
      field: FieldContext(
        keyboardType: row["keyboardType"], contentType: row["contentType"], appBundleID: row["appBundleID"],
        language: row["fieldLanguage"], style: row["style"]),
      status: DictationStatus(rawValue: row["status"] ?? "") ?? .complete,
      errorMessage: row["errorMessage"], audioPath: row["audioPath"],
      createdAt: Date(timeIntervalSince1970: row["createdAt"]),
      updatedAt: Date(timeIntervalSince1970: row["updatedAt"]),
      delivered: row["delivered"])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["uuid"] = uuid
    container["rawText"] = rawText
    container["finalText"] = finalText
    container["trace"] = trace.isEmpty ? "[]" : String(decoding: try traceEncoder.encode(trace), as: UTF8.self)
    container["engine"] = engine
    container["model"] = model
    container["language"] = language
    container["audioSeconds"] = audioSeconds
    container["processingSeconds"] = processingSeconds
    container["source"] = origin.rawValue
    container["keyboardType"] = keyboardType
    container["contentType"] = contentType
    container["appBundleID"] = appBundleID
    container["fieldLanguage"] = fieldLanguage
    container["style"] = style
    container["status"] = status.rawValue
    container["errorMessage"] = errorMessage
    container["audioPath"] = audioPath
    container["createdAt"] = Timestamp.column(createdAt)
    container["updatedAt"] = Timestamp.column(updatedAt)
    container["delivered"] = delivered
    container["wordCount"] = wordCount
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

extension HistoryEntry {
  /// The words in the final text.
  public var wordCount: Int { WordCount.of(finalText) }

  /// The field it went into, as one line for the history screen, `utter history show` and the Markdown export
  /// (`twitter · com.apple.MobileSMS · fr · casual`), nil when nothing is known of it.
  public var fieldSummary: String? {
    let parts = (fieldKinds + [appBundleID, fieldLanguage, style]).compactMap { $0 }.filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The field's content type, then its keyboard type where that adds to it (not the same, nor `default`).
  private var fieldKinds: [String?] {
    guard let contentType, !contentType.isEmpty else { return [keyboardType] }
    return [contentType, keyboardType == contentType || keyboardType == "default" ? nil : keyboardType]
  }
}

// NB: creating a JSON coder per row dominated listing time; Foundation's coders are Sendable, so share them.
private let traceEncoder = JSONEncoder()
private let traceDecoder = JSONDecoder()
