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
      source: DictationSource(rawValue: row["source"] ?? "") ?? .app,
      context: row["context"],
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
    container["source"] = source.rawValue
    container["context"] = context
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

// NB: creating a JSON coder per row dominated listing time; Foundation's coders are Sendable, so share them.
private let traceEncoder = JSONEncoder()
private let traceDecoder = JSONDecoder()
