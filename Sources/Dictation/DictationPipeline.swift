import Clocks
import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline

/// Loads the speech engine for a choice (the CLI's registry, the app's WhisperKit and Apple engines).
public typealias EngineLoading = @Sendable (EngineChoice) async throws -> any SpeechEngine

/// One dictation from recorded audio, the same steps whatever started it (a file, the app's button, a retry, a
/// Shortcut): engine choice → transcription of the voiced audio through the hallucination guard → clean-up and
/// polish → history (with the audio, as retention allows). The keyboard's flow session runs the same formatter
/// and archive through `DictationHost` (see `hostEnvironment`).
public struct DictationPipeline: Sendable {
  public var settings: DictationSettings
  public var loadEngine: EngineLoading
  public var formatter: DictationFormatter
  /// Where dictations are kept; nil keeps nothing (a retry updates its own entry).
  public var archive: HistoryArchive?
  /// Times each dictation (a test clock in tests).
  public var clock: UtterClock
  /// Frees the loaded engine's model (the device's `EngineShelf.unload`): a flow session's host lets it go when
  /// idle or short of memory.
  public var unloadEngine: @Sendable () async -> Void

  public init(
    settings: DictationSettings, loadEngine: @escaping EngineLoading, formatter: DictationFormatter,
    archive: HistoryArchive?, clock: UtterClock = .system, unloadEngine: @escaping @Sendable () async -> Void = {}
  ) {
    self.unloadEngine = unloadEngine
    self.settings = settings
    self.loadEngine = loadEngine
    self.formatter = formatter
    self.archive = archive
    self.clock = clock
  }

  /// How one dictation is transcribed.
  public struct Request: Sendable {
    /// The engine; nil uses the settings' choice.
    public var engine: EngineChoice?
    /// The spoken language; nil uses the settings' (or detects it).
    public var language: String?
    public var beamSize: Int
    public var threads: Int?
    /// The field the text goes into.
    public var field: FieldContext
    /// Text said before this audio, handed to the engine after the dictionary's terms (an API client's `prompt`).
    public var prompt: String?
    /// Skip the clean-up and polish: the text is the engine's words.
    public var raw: Bool
    /// Told the fraction of the audio (0...1) transcribed so far, after each engine call.
    public var progress: (@Sendable (Double) -> Void)?

    public init(
      engine: EngineChoice? = nil, language: String? = nil, beamSize: Int = 5, threads: Int? = nil,
      field: FieldContext = FieldContext(), prompt: String? = nil, raw: Bool = false,
      progress: (@Sendable (Double) -> Void)? = nil
    ) {
      self.engine = engine
      self.language = language
      self.beamSize = beamSize
      self.threads = threads
      self.field = field
      self.prompt = prompt
      self.raw = raw
      self.progress = progress
    }
  }

  /// How `request`'s audio is read: its language (else the field's, else the settings'), the dictionary's terms
  /// as a hint and the learned forms, its beam and threads.
  public func transcriptionOptions(for request: Request) -> TranscriptionOptions {
    TranscriptionOptions(
      language: request.language ?? request.field.language ?? settings.language, vocabulary: settings.vocabularyPrompt,
      prompt: request.prompt, beamSize: request.beamSize, threads: request.threads,
      learnedForms: settings.learnedForms)
  }

  /// Transcribes, formats and records `samples` (16 kHz mono). The text is returned even when history cannot
  /// keep it (`storageWarning` says why).
  public func run(_ samples: [Float], request: Request = Request()) async throws -> DictationOutcome {
    let started = clock.date()
    let engine = try await loadEngine(request.engine ?? settings.engine())
    let transcript = try await VoicedTranscription(progress: request.progress)
      .transcribe(samples, engine: engine, options: transcriptionOptions(for: request))
    return await finish(transcript, samples: samples, engine: engine, request: request, started: started)
  }

  /// The end of a dictation read while it was spoken (`LiveReading`, stopped and its last call awaited): the windows
  /// a file decode cuts, those read while the user spoke reused, then the same clean-up, polish and history as `run`.
  public func run(_ reading: LiveReading, request: Request = Request(), started: Date) async throws
    -> DictationOutcome
  {
    let engine = try await loadEngine(request.engine ?? settings.engine())
    let final = await reading.finalReading(engine: engine, options: transcriptionOptions(for: request))
    if final.text.isEmpty, final.failures > 0 {
      throw UnreadableDictation(message: "transcription failed: \(final.lastError ?? "unknown error")")
    }
    return await finish(final.transcript, samples: reading.samples, engine: engine, request: request, started: started)
  }

  private func finish(
    _ transcript: Transcript, samples: [Float], engine: any SpeechEngine, request: Request, started: Date
  ) async -> DictationOutcome {
    let raw = transcript.text.trimmingCharacters(in: .whitespacesAndNewlines)
    let duration = Double(samples.count) / Double(engineSampleRate)
    var outcome = DictationOutcome(
      id: UUID().uuidString.lowercased(), text: "", rawText: raw, engine: engine.id, model: engine.model,
      language: transcript.language, audioSeconds: duration, elapsedSeconds: 0, segments: transcript.segments)
    guard !raw.isEmpty else {
      outcome.elapsedSeconds = clock.date().timeIntervalSince(started)
      return outcome
    }
    guard !request.raw else {
      outcome.text = raw
      outcome.elapsedSeconds = clock.date().timeIntervalSince(started)
      return outcome
    }
    var (formatted, polish) = await formatter.format(raw, field: request.field.read(in: transcript.language))
    formatted.traceLearned(transcript.learned, raw: raw)
    outcome.text = formatted.text
    outcome.trace = formatted.trace
    outcome.polish = polish
    outcome.notice = formatted.notice
    outcome.elapsedSeconds = clock.date().timeIntervalSince(started)
    guard let archive else { return outcome }
    let dictation = ArchivedDictation(
      id: outcome.id, sessionID: archive.source.rawValue, createdAt: started.timeIntervalSince1970,
      text: formatted.text, rawText: raw, duration: duration, engine: engine.id, model: engine.model,
      recovered: false, trace: formatted.trace, keyboardType: request.field.keyboardType,
      contentType: request.field.contentType, language: transcript.language)
    do {
      outcome.historyID = try archive.recordEntry(dictation, audio: samples)?.id
    } catch {
      outcome.storageWarning = "the dictation was not saved in history: \(error)"
    }
    return outcome
  }

  /// What the flow session's host needs from the pipeline: the same engine choice, formatter and archive, and the
  /// learning of words from the keyboard's corrections (a term learned is used from the session's next dictation).
  public func hostParts(engine: EngineChoice? = nil) -> (
    loadEngine: @Sendable () async throws -> any SpeechEngine, format: TextFormatter, archive: any DictationArchive,
    learnCorrections: CorrectionLearning, liveCleanUp: LiveTextCleanUp
  ) {
    let loadEngine = loadEngine
    let choice = engine ?? settings.engine()
    let dictionary = LiveDictionary(settings.dictionary)
    let formatter = formatter
    let learner = WordLearner(database: archive?.database, dictionary: dictionary)
    // NB: with the dictionary as it is now, terms learned during the session included.
    let current: @Sendable () -> DictationFormatter = {
      var current = formatter
      current.settings.dictionary = dictionary.entries
      return current
    }
    let format: TextFormatter = { raw, field in await current().format(raw, field: field).text }
    let liveCleanUp: LiveTextCleanUp = { raw, field in current().cleanUp(raw, field: field).text }
    let learn: CorrectionLearning = { corrections in
      let report = learner.learn(corrections)
      var parts: [String] = []
      if !report.learned.isEmpty {
        parts.append("learned " + report.learned.map { "'\($0.term)'" }.joined(separator: ", "))
      }
      let suggested = report.recorded.filter { correction in
        !report.learned.contains { $0.term == correction.corrected }
      }
      if !suggested.isEmpty {
        parts.append(
          "suggested " + suggested.map { "'\($0.heard)' → '\($0.corrected)' (\($0.evidence))" }.joined(separator: ", "))
      }
      if !report.rejected.isEmpty { parts.append("not learned: " + report.rejected.joined(separator: "; ")) }
      if let notice = report.notice { parts.append(notice) }
      return CorrectionResult(
        vocabulary: report.learned.isEmpty ? nil : Vocabulary.prompt(for: dictionary.entries),
        learnedForms: report.learnedForms,
        summary: parts.isEmpty ? "nothing to learn" : parts.joined(separator: "; "))
    }
    return (
      { try await loadEngine(choice) }, format, archive ?? HistoryArchive(database: nil, source: .keyboard), learn,
      liveCleanUp
    )
  }

  /// The host's settings from the user's: session timeout, recording cap, model unloading, language and vocabulary (`makeHost`'s
  /// `adjust` changes them for a bench or a command-line flag).
  public func hostConfiguration() -> HostConfiguration {
    var transcription = TranscriptionOptions(language: settings.language, vocabulary: settings.vocabularyPrompt)
    transcription.learnedForms = settings.learnedForms
    return HostConfiguration(
      timeout: settings.settings.sessionTimeout,
      transcription: transcription,
      maxRecordingSeconds: settings.settings.maxRecordingSeconds,
      engineIdleUnload: settings.settings.unloadModelAfterSeconds > 0 ? settings.settings.unloadModelAfterSeconds : nil)
  }

}

/// A dictation whose audio could not be read (every engine call failed), in one line.
public struct UnreadableDictation: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A finished dictation.
public struct DictationOutcome: Sendable, Encodable {
  /// The history entry's uuid (when it was kept).
  public var id: String
  public var text: String
  public var rawText: String
  public var engine: String
  public var model: String
  public var language: String?
  public var audioSeconds: Double
  public var elapsedSeconds: Double
  public var segments: [TranscriptSegment]
  public var trace: [TraceStep] = []
  public var polish: PolishReport?
  public var historyID: Int64?
  /// Set when the dictation could not be saved; the text is still returned.
  public var storageWarning: String?
  /// Why an optional step (polish) was skipped.
  public var notice: String?

  enum CodingKeys: String, CodingKey {
    case text, rawText, engine, model, language, audioSeconds, elapsedSeconds, segments, trace, polish, historyID
    case storageWarning, notice
  }
}
