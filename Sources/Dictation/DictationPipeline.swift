import Clocks
import DictationValues
import Foundation
import SpeechEngine
import SpeechReading
import Storage
import TextPipeline

/// One dictation from recorded audio, the same steps whatever started it (a file, a retry, the server): engine
/// choice → transcription of the voiced audio through the hallucination guard → `finish` (clean-up and polish →
/// history, with the audio as retention allows). The flow session's host (the keyboard and the app's own button)
/// reads as the user speaks and ends each dictation in the same `finish` (see `makeHost`).
public struct DictationPipeline: Sendable {
  public var engines: EngineAccess
  public var formatter: DictationFormatter
  /// Where dictations are kept; nil keeps nothing (a retry updates its own entry).
  public var archive: HistoryArchive?
  /// Times each dictation (a test clock in tests).
  public var clock: UtterClock
  /// A fresh id for each dictation (its history entry's uuid) and each flow session the pipeline's host runs.
  public var makeID: @Sendable () -> String

  /// The user's settings: the formatter's, the one copy the pipeline reads.
  public var settings: DictationSettings {
    get { formatter.settings }
    set { formatter.settings = newValue }
  }

  public init(
    engines: EngineAccess, formatter: DictationFormatter, archive: HistoryArchive?, clock: UtterClock = .system,
    makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    self.engines = engines
    self.formatter = formatter
    self.archive = archive
    self.clock = clock
    self.makeID = makeID
  }

  /// How one dictation is transcribed.
  public struct Request: Sendable {
    /// The engine; nil uses the settings' choice.
    public var engine: EngineChoice?
    public var beamSize: Int
    public var threads: Int?
    /// The field the text goes into, with the spoken language (`FieldContext.language`; nil uses the settings', or
    /// detects it).
    public var field: FieldContext
    /// Text said before this audio, handed to the engine after the dictionary's terms (an API client's `prompt`).
    public var prompt: String?
    /// Skip the clean-up and polish: the text is the engine's words.
    public var raw: Bool
    /// Told the fraction of the audio (0...1) transcribed so far, after each engine call.
    public var progress: (@Sendable (Double) -> Void)?

    public init(
      engine: EngineChoice? = nil, beamSize: Int = 5, threads: Int? = nil, field: FieldContext = FieldContext(),
      prompt: String? = nil, raw: Bool = false, progress: (@Sendable (Double) -> Void)? = nil
    ) {
      self.engine = engine
      self.beamSize = beamSize
      self.threads = threads
      self.field = field
      self.prompt = prompt
      self.raw = raw
      self.progress = progress
    }
  }

  /// How `request`'s audio is read by `engine`: the settings' options (`hostConfiguration`'s) with the request's
  /// prompt, beam and threads, in the field's language, else the settings', as the engine's model reads them
  /// (`FieldContext.transcriptionOptions`).
  public func options(for request: Request, on engine: any SpeechEngine) -> TranscriptionOptions {
    var base = settingsTranscription
    base.prompt = request.prompt
    base.beamSize = request.beamSize
    base.threads = request.threads
    return request.field.transcriptionOptions(from: base, readable: engine.readableLanguages)
  }

  /// The engine and model that read `request`'s dictation: the request's or the settings' choice where its model reads
  /// the dictation's language (the field's, else the settings'), else an installed model of the same engine that
  /// does (`ModelRoute`); throws `LanguageNotRead` saying what to install when none does, before any audio is read.
  public func engineChoice(for request: Request) throws -> EngineChoice {
    let choice = request.engine ?? settings.engine()
    let language = DictationLanguage.resolve(picked: request.field.language, setting: settings.language, field: nil)
    switch engines.route(language, choice) {
    case .chosen: return choice
    case .installed(let model): return EngineChoice(id: choice.id, model: model)
    case .refused(let line): throw LanguageNotRead(description: line)
    }
  }

  /// Transcribes, formats and records `samples` (16 kHz mono). The text is returned even when history cannot
  /// keep it (`storageWarning` says why).
  public func run(_ samples: [Float], request: Request = Request()) async throws -> DictationOutcome {
    let started = clock.date()
    let engine = try await engines.load(try engineChoice(for: request))
    let transcript = try await VoicedTranscription(progress: request.progress)
      .transcribe(samples, engine: engine, options: options(for: request, on: engine))
    return await outcome(transcript, samples: samples, request: request, started: started)
  }

  /// The end of a dictation read while it was spoken (`LiveReading`, stopped and its last call awaited): the windows
  /// a file decode cuts, those read while the user spoke reused, then the same clean-up, polish and history as `run`.
  public func run(_ reading: LiveReading, request: Request = Request(), started: Date) async throws
    -> DictationOutcome
  {
    let engine = try await engines.load(try engineChoice(for: request))
    let final = await reading.finalReading(engine: engine, options: options(for: request, on: engine))
    if final.text.isEmpty, final.failures > 0 {
      throw UnreadableDictation(message: "transcription failed: \(final.lastError ?? "unknown error")")
    }
    return await outcome(final.transcript, samples: reading.samples, request: request, started: started)
  }

  /// Finishes a run's reading (`finish`) and reports it.
  private func outcome(_ transcript: Transcript, samples: [Float], request: Request, started: Date) async
    -> DictationOutcome
  {
    let reading = DictationReading(
      id: makeID(), transcript: transcript, audio: samples, field: request.field,
      origin: archive?.origin ?? .cli, startedAt: started)
    let (finished, polish) = await finish(reading, raw: request.raw, in: archive)
    return DictationOutcome(
      dictation: finished.entry, segments: transcript.segments, cleanedSegments: finished.cleanedSegments,
      polish: polish,
      elapsedSeconds: clock.date().timeIntervalSince(started),
      storageWarning: finished.archiveError.map { "the dictation was not saved in history: \($0)" },
      notice: finished.notice)
  }

  /// How the settings read every dictation: their language, the dictionary's terms as a hint, the learned forms.
  package var settingsTranscription: TranscriptionOptions {
    var options = TranscriptionOptions(
      language: settings.language, vocabulary: settings.vocabularyPrompt, learnedForms: settings.learnedForms)
    options.languages = settings.settings.spokenLanguageList
    return options
  }
}

/// A dictation whose audio could not be read (every engine call failed), in one line.
/// No model here reads the dictation's language (`DictationPipeline.engineChoice(for:)`): what to install, in one line.
public struct LanguageNotRead: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
}

public struct UnreadableDictation: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A finished run of the pipeline: the dictation as history keeps it, and what only a run reports (the engine's
/// segments, as read and as cleaned up, the polish report, timing, why history or polish fell short).
public struct DictationOutcome: Sendable, Encodable {
  /// The dictation (its row id set when history kept it).
  public var dictation: HistoryEntry
  /// The engine's segments, with its words and their times.
  public var segments: [TranscriptSegment]
  /// The segments as subtitles show them, cleaned up by `finish` as the text was (`FinishedDictation`).
  public var cleanedSegments: [TranscriptSegment]
  public var polish: PolishReport?
  public var elapsedSeconds: Double
  /// Set when the dictation could not be saved; the text is still returned.
  public var storageWarning: String?
  /// Why an optional step (polish) was skipped.
  public var notice: String?

  /// The history entry's uuid (when it was kept).
  public var id: String { dictation.uuid }
  public var text: String { dictation.finalText }
  public var rawText: String { dictation.rawText }
  public var engine: String { dictation.engine }
  public var model: String { dictation.model }
  public var language: String? { dictation.language.isEmpty ? nil : dictation.language }
  public var audioSeconds: Double { dictation.audioSeconds }
  public var trace: [TraceStep] { dictation.trace }
  public var historyID: Int64? { dictation.id }

  enum CodingKeys: String, CodingKey {
    case text, rawText, engine, model, language, audioSeconds, elapsedSeconds, segments, trace, polish, historyID
    case storageWarning, notice
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(text, forKey: .text)
    try c.encode(rawText, forKey: .rawText)
    try c.encode(engine, forKey: .engine)
    try c.encode(model, forKey: .model)
    try c.encodeIfPresent(language, forKey: .language)
    try c.encode(audioSeconds, forKey: .audioSeconds)
    try c.encode(elapsedSeconds, forKey: .elapsedSeconds)
    try c.encode(segments, forKey: .segments)
    try c.encode(trace, forKey: .trace)
    try c.encodeIfPresent(polish, forKey: .polish)
    try c.encodeIfPresent(historyID, forKey: .historyID)
    try c.encodeIfPresent(storageWarning, forKey: .storageWarning)
    try c.encodeIfPresent(notice, forKey: .notice)
  }
}
