import Foundation

/// Where a dictation stands.
public enum DictationStatus: String, Codable, Sendable, CaseIterable {
  /// Transcribed and cleaned up.
  case complete
  /// Transcription failed; the audio (if kept) can be retried.
  case failed
  /// Rescued after a crash or interruption: kept in history, never inserted.
  case recovered
  /// Recorded before its text was final or delivered.
  case pending
  /// The user cancelled it after stop, while its text was written: kept with its audio for Retry, never inserted.
  case cancelled
}

/// A finished dictation, the one type from the pipeline and the host to history, export and import: what was said,
/// what was inserted, how, by whom and into which field.
public struct HistoryEntry: Codable, Sendable, Identifiable, Hashable {
  /// The row id; nil until stored.
  public var id: Int64?
  /// A stable identifier that survives export and import (the dictation's id).
  public var uuid: String
  /// What the speech engine heard.
  public var rawText: String
  /// What was (or will be) inserted after clean-up.
  public var finalText: String
  /// Each pipeline stage's output.
  public var trace: [TraceStep]
  public var engine: String
  public var model: String
  /// The language the audio was read in (the engine's report), e.g. `en`; empty when unknown.
  public var language: String
  /// Length of the audio, in seconds (speaking time).
  public var audioSeconds: Double
  /// Time from end of speech to final text, in seconds.
  public var processingSeconds: Double
  public var origin: DictationOrigin
  /// The field's keyboard type, content type, app, chosen language and style (`field`), each kept as it came.
  public var keyboardType: String?
  public var contentType: String?
  public var appBundleID: String?
  public var fieldLanguage: String?
  public var style: String?
  public var status: DictationStatus
  public var errorMessage: String?
  /// The spooled audio, relative to the data folder's `audio/`, while it is kept.
  public var audioPath: String?
  public var createdAt: Date
  public var updatedAt: Date
  /// Whether the text reached the target field.
  public var delivered: Bool

  public init(
    id: Int64? = nil, uuid: String = "", rawText: String = "", finalText: String = "", trace: [TraceStep] = [],
    engine: String = "", model: String = "", language: String = "", audioSeconds: Double = 0,
    processingSeconds: Double = 0, origin: DictationOrigin, field: FieldContext = FieldContext(),
    status: DictationStatus = .complete, errorMessage: String? = nil, audioPath: String? = nil,
    createdAt: Date = .distantPast, updatedAt: Date = .distantPast, delivered: Bool = false
  ) {
    self.id = id
    self.uuid = uuid
    self.rawText = rawText
    self.finalText = finalText
    self.trace = trace
    self.engine = engine
    self.model = model
    self.language = language
    self.audioSeconds = audioSeconds
    self.processingSeconds = processingSeconds
    self.origin = origin
    self.status = status
    self.errorMessage = errorMessage
    self.audioPath = audioPath
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.delivered = delivered
    self.field = field
  }

  /// The field it went into, as the keyboard described it; its text before the cursor is never kept, so a retry
  /// reads and cleans up for the same field without it.
  public var field: FieldContext {
    get {
      FieldContext(
        keyboardType: keyboardType, contentType: contentType, appBundleID: appBundleID, language: fieldLanguage,
        style: style)
    }
    set {
      (keyboardType, contentType, appBundleID) = (newValue.keyboardType, newValue.contentType, newValue.appBundleID)
      (fieldLanguage, style) = (newValue.language, newValue.style)
    }
  }

  // NB: `source` is what history and exports have always called the origin.
  enum CodingKeys: String, CodingKey {
    case id, uuid, rawText, finalText, trace, engine, model, language, audioSeconds, processingSeconds
    case origin = "source"
    case keyboardType, contentType, appBundleID, fieldLanguage, style, status, errorMessage, audioPath, createdAt
    case updatedAt, delivered
  }
}
