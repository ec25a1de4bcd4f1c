import AudioInput
import DictationValues
import Foundation
import Storage

/// Why a history entry could not be transcribed again, in one line for the user.
public struct RetryError: Error, CustomStringConvertible, Sendable {
  public let description: String
}

extension DictationPipeline {
  /// Transcribes a history entry's kept audio again with this pipeline's engine and clean-up, for the field it was
  /// dictated into, and updates that entry (no second one is kept). The app's Retry button, `utter history retry`
  /// and Shortcuts call it; the new text is returned with the updated entry.
  public func retry(_ entry: HistoryEntry, in database: AppDatabase) async throws -> (
    entry: HistoryEntry, outcome: DictationOutcome
  ) {
    let name = entry.id.map { "entry \($0)" } ?? "the entry"
    guard let id = entry.id else { throw RetryError(description: "\(name) is not in history") }
    guard let url = database.audioURL(for: entry) else {
      throw RetryError(description: "\(name) has no audio to retry (audio is not kept, or was deleted)")
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw RetryError(description: "\(name)'s audio file is missing: \(url.path)")
    }
    let samples: [Float]
    do {
      samples = try AudioFileDecoder.decode(contentsOf: url).samples
    } catch {
      throw RetryError(description: "\(name)'s audio cannot be read: \(error)")
    }
    var once = self
    once.archive = nil
    let outcome: DictationOutcome
    do {
      // NB: the field it was dictated into (its kind, the language and style chosen for it) decides how it is read
      // and cleaned up, as it did the first time.
      outcome = try await once.run(samples, request: Request(field: entry.field))
    } catch {
      throw RetryError(description: "\(name): transcription failed: \(error)")
    }
    // NB: a reading that heard nothing must not wipe the text the entry has.
    guard !outcome.rawText.isEmpty else {
      throw RetryError(description: "\(name): the engine heard no speech in its audio; the entry is unchanged")
    }
    let updated = try database.applyRetry(
      id: id, rawText: outcome.rawText, finalText: outcome.text, engine: outcome.engine, model: outcome.model,
      processingSeconds: outcome.elapsedSeconds, trace: outcome.trace)
    return (updated, outcome)
  }
}
