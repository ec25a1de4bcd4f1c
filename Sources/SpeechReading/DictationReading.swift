import DictationValues
import Foundation
import SpeechEngine

/// A dictation read to its end, ready to be finished: its words as the engine gave them, its audio and its field.
public struct DictationReading: Sendable {
  /// The dictation's id (its history entry's uuid).
  public var id: String
  /// Its words, with the engine and model that read them.
  public var transcript: Transcript
  /// Its 16 kHz mono audio (kept with it for retry, as the settings allow).
  public var audio: [Float]
  public var field: FieldContext
  public var origin: DictationOrigin
  public var startedAt: Date
  /// Found after a crash or kill: kept in history as recovered, never inserted.
  public var recovered: Bool

  public init(
    id: String, transcript: Transcript, audio: [Float], field: FieldContext, origin: DictationOrigin,
    startedAt: Date, recovered: Bool = false
  ) {
    self.id = id
    self.transcript = transcript
    self.audio = audio
    self.field = field
    self.origin = origin
    self.startedAt = startedAt
    self.recovered = recovered
  }
}

/// A finished dictation: its history entry (as kept, with its row id when history took it), its segments as the
/// user reads them, and why an optional step was skipped or history could not keep it. The text is complete either
/// way.
public struct FinishedDictation: Sendable {
  public var entry: HistoryEntry
  /// The engine's segments, each cleaned up as the text was (the engine's words when the text was not), trimmed:
  /// what subtitles show.
  public var cleanedSegments: [TranscriptSegment]
  /// Why polish was skipped, in one line for the user.
  public var notice: String?
  /// Why history could not keep it (a full disk); nil when it did or history is off.
  public var archiveError: (any Error)?
  /// Whether the keyboard presses the field's return key after the text ("press enter").
  public var pressesReturn = false
  /// The text as spoken, when the entry's text is its translation.
  public var original: String?

  public init(
    entry: HistoryEntry, cleanedSegments: [TranscriptSegment] = [], notice: String? = nil,
    archiveError: (any Error)? = nil
  ) {
    self.entry = entry
    self.cleanedSegments = cleanedSegments
    self.notice = notice
    self.archiveError = archiveError
  }
}

/// The one step that ends every dictation (`DictationPipeline.finish`, injected into the host): formats the words
/// for the field, traces what was done, and archives the entry with its audio.
public typealias DictationFinishing = @Sendable (DictationReading) async -> FinishedDictation
