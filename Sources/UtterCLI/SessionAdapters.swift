import DictationHost
import Foundation
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline

/// The history database as the dictation host's archive.
struct SessionHistoryArchive: DictationArchive {
  let database: AppDatabase

  func record(_ dictation: ArchivedDictation) throws {
    let created = Date(timeIntervalSince1970: dictation.createdAt)
    let entry = HistoryEntry(
      uuid: dictation.id, rawText: dictation.rawText, finalText: dictation.text,
      trace: dictation.trace.map { DictationTraceStep(stage: $0.stage, text: $0.text) }, engine: dictation.engine,
      model: dictation.model, language: "", audioSeconds: dictation.duration,
      processingSeconds: max(0, Date().timeIntervalSince(created) - dictation.duration),
      source: dictation.recovered ? .recovered : .keyboard,
      context: dictation.contentType ?? dictation.keyboardType,
      status: dictation.recovered ? .recovered : .complete, createdAt: created, updatedAt: Date())
    _ = try database.insertHistory(entry)
  }

  func markDelivered(id: String) throws {
    _ = try database.markDelivered(uuid: id)
  }
}

/// The text pipeline as the host's formatter, formatting against the text before the keyboard's cursor.
enum SessionFormatting {
  static func formatter(_ pipeline: TextPipeline) -> TextFormatter {
    { raw, field in
      let result = pipeline.run(raw, context: InsertionContext(textBeforeCursor: field.textBeforeCursor))
      return FormattedText(text: result.text, trace: result.trace.map { FormatStep(stage: $0.stage, text: $0.after) })
    }
  }
}

/// Engines for the session commands: the registry's, plus a hidden stand-in for tests on machines without one.
enum SessionEngines {
  /// The hidden engine id: it "hears" how long each segment is, e.g. `heard 1.2 seconds`.
  static let testEngineID = "test-duration"

  static func make(id: String, model: String?) async throws -> any SpeechEngine {
    if id == testEngineID { return DurationEngine() }
    return try await EngineFactory.make(id: id, model: model)
  }
}

/// A stand-in engine that reports the length of what it was given.
struct DurationEngine: SpeechEngine {
  let id = SessionEngines.testEngineID
  let model = "none"

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let seconds = Double(samples.count) / Double(engineSampleRate)
    let text = "heard \(String(format: "%.1f", seconds)) seconds"
    return Transcript(text: text, segments: [], language: "en", engine: id, model: model)
  }
}

/// How the host cuts speech into segments: the voice activity detector, or (`UTTER_SEGMENTER=energy`) a plain
/// energy threshold, for comparing the two.
enum SessionSegmenters {
  static func make(_ name: String?) -> @Sendable () -> any SpeechSegmenter {
    if name == "energy" { return { EnergyPauseSegmenter() } }
    return { VoiceActivitySegmenter() }
  }
}
