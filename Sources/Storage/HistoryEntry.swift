import DictationValues
import Foundation

/// Where a dictation came from.
public enum DictationSource: String, Codable, Sendable, CaseIterable {
  case keyboard, app, widget, shortcut, recovered, cli
}

/// Where a dictation stands.
public enum DictationStatus: String, Codable, Sendable, CaseIterable {
  /// Transcribed and cleaned up.
  case complete
  /// Transcription failed; the audio (if kept) can be retried.
  case failed
  /// Rescued after a crash or interruption.
  case recovered
  /// Recorded before its text was final or delivered.
  case pending
}


/// One dictation as kept in history.
public struct HistoryEntry: Codable, Sendable, Identifiable, Hashable {
  /// The row id; nil until stored.
  public var id: Int64?
  /// A stable identifier that survives export and import.
  public var uuid: String
  /// What the speech engine heard.
  public var rawText: String
  /// What was (or will be) inserted after clean-up.
  public var finalText: String
  /// Each pipeline stage's output.
  public var trace: [TraceStep]
  public var engine: String
  public var model: String
  /// The language spoken or detected, e.g. `en`.
  public var language: String
  /// Length of the audio, in seconds (speaking time).
  public var audioSeconds: Double
  /// Time from end of speech to final text, in seconds.
  public var processingSeconds: Double
  public var source: DictationSource
  /// Where the text went: field type or app, e.g. `email` or `com.apple.MobileSMS`.
  public var context: String?
  public var status: DictationStatus
  public var errorMessage: String?
  /// The spooled audio, relative to the data folder's `audio/`, while it is kept.
  public var audioPath: String?
  public var createdAt: Date
  public var updatedAt: Date
  /// Whether the text reached the target field.
  public var delivered: Bool

  public init(
    id: Int64? = nil, uuid: String = "", rawText: String = "", finalText: String = "",
    trace: [TraceStep] = [], engine: String = "", model: String = "", language: String = "",
    audioSeconds: Double = 0, processingSeconds: Double = 0, source: DictationSource,
    context: String? = nil, status: DictationStatus = .complete, errorMessage: String? = nil,
    audioPath: String? = nil, createdAt: Date = .distantPast, updatedAt: Date = .distantPast,
    delivered: Bool = false
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
    self.source = source
    self.context = context
    self.status = status
    self.errorMessage = errorMessage
    self.audioPath = audioPath
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.delivered = delivered
  }

  /// The words in the final text.
  public var wordCount: Int { WordCount.of(finalText) }
}
