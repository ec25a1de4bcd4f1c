import AudioInput
import Foundation
import Storage
import TextPipeline

/// The user's store as the dictation commands need it: settings, vocabulary and history. A store that cannot
/// be opened never stops a dictation; the reason is kept to be shown.
final class StoreAccess {
  let database: AppDatabase?
  private(set) var openWarning: String?

  init(dataDirectory: URL) {
    do {
      let (database, recovery) = try AppDatabase.open(at: dataDirectory)
      self.database = database
      openWarning = recovery
    } catch {
      database = nil
      openWarning = "history is unavailable: \(error)"
    }
  }

  var settings: UtterSettings? { try? database?.settings() }

  var vocabulary: (dictionary: [DictionaryEntry], snippets: [Snippet]) {
    (try? database?.pipelineVocabulary()) ?? ([], [])
  }

  /// Saves a finished dictation (and its audio, when settings keep audio); returns its history id.
  func record(_ outcome: DictationOutcome, samples: [Float], source: DictationSource) throws -> Int64? {
    guard let database else { throw CLIError(openWarning ?? "history is unavailable") }
    guard try database.shouldKeepHistory() else { return nil }
    let uuid = UUID().uuidString.lowercased()
    var audioPath: String?
    if (try? database.settings().keepAudio) ?? true, let directory = database.audioDirectory {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let name = "\(uuid).wav"
      try WAVEncoding.file(samples).write(to: directory.appendingPathComponent(name), options: .atomic)
      audioPath = name
    }
    let now = Date()
    let entry = HistoryEntry(
      uuid: uuid, rawText: outcome.rawText, finalText: outcome.text,
      trace: outcome.trace.map { DictationTraceStep(stage: $0.stage, text: $0.after) }, engine: outcome.engine,
      model: outcome.model, language: outcome.language ?? "", audioSeconds: outcome.audioSeconds,
      processingSeconds: outcome.elapsedSeconds, source: source, status: .complete, audioPath: audioPath,
      createdAt: now, updatedAt: now)
    return try database.insertHistory(entry).id
  }
}
