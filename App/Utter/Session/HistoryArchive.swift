import DictationHost
import Foundation
import Storage

/// The dictation host's archive on iPhone: each dictation becomes a history entry in the app's database
/// (unless history is off).
struct HistoryArchive: DictationArchive {
  let database: AppDatabase?
  var source: DictationSource = .keyboard

  func record(_ dictation: ArchivedDictation) throws {
    guard let database, try database.shouldKeepHistory() else { return }
    let created = Date(timeIntervalSince1970: dictation.createdAt)
    let entry = HistoryEntry(
      uuid: dictation.id, rawText: dictation.rawText, finalText: dictation.text,
      trace: dictation.trace.map { DictationTraceStep(stage: "pipeline", text: $0) },
      engine: dictation.engine, model: dictation.model, audioSeconds: dictation.duration,
      source: dictation.recovered ? .recovered : source,
      context: dictation.contentType ?? dictation.keyboardType,
      status: dictation.recovered ? .recovered : .complete, createdAt: created, updatedAt: created,
      delivered: false)
    _ = try database.insertHistory(entry)
  }

  func markDelivered(id: String) throws {
    _ = try database?.markDelivered(uuid: id)
  }
}
