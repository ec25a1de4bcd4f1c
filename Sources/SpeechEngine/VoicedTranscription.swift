import AudioInput
import TextPipeline

/// Transcribes only the voiced parts of a recording: silence and noise never reach the engine, pauses are
/// shortened, and each engine call gets at most one Whisper window (30 s) of audio.
public struct VoicedTranscription: Sendable {
  /// Longest audio handed to one engine call, in seconds (Whisper's window is 30 s).
  public var maxWindowSeconds: Double = 28
  /// Longest pause kept between two voiced stretches inside a window, in seconds.
  public var maxPauseSeconds: Double = 1.0
  /// Real audio kept before the first and after the last voiced stretch of a window, beyond the detector's own
  /// padding: Whisper recognises the edges of words better with a little context around them.
  public var contextSeconds: Double = 0.3
  public var vad: VADConfiguration
  /// Told the fraction of the recording (0...1) transcribed so far, after each engine call.
  public var progress: (@Sendable (Double) -> Void)?

  public init(vad: VADConfiguration = .init(), progress: (@Sendable (Double) -> Void)? = nil) {
    self.vad = vad
    self.progress = progress
  }

  /// A window of voiced audio and where its pieces came from, to map times back to the recording.
  public struct Window: Sendable {
    public var samples: [Float] = []
    /// (offset in `samples`, offset in the recording), both in samples, one per piece.
    public var pieces: [(window: Int, recording: Int)] = []
    public var voicedSamples = 0

    /// Where each piece's audio lies in the recording (sample ranges): two windows with the same ranges of the same
    /// recording hold the same audio, so one's reading serves the other.
    public var sourceRanges: [Range<Int>] {
      pieces.enumerated().map { index, piece in
        let end = index + 1 < pieces.count ? pieces[index + 1].window : samples.count
        return piece.recording..<(piece.recording + end - piece.window)
      }
    }

    /// One past the last recording sample this window holds.
    public var recordingEnd: Int { sourceRanges.last?.upperBound ?? 0 }

    /// Maps a time in this window (seconds) to the recording's time.
    public func recordingTime(_ seconds: Double) -> Double {
      let sample = Int(seconds * Double(engineSampleRate))
      let piece = pieces.last { $0.window <= sample } ?? pieces.first ?? (0, 0)
      return Double(piece.recording + (sample - piece.window)) / Double(engineSampleRate)
    }
  }

  /// Groups the voiced segments of `samples` into engine-sized windows.
  public func windows(for samples: [Float]) -> [Window] {
    windows(for: samples, segments: VoiceActivity.speechSegments(in: samples, configuration: vad))
  }

  /// Groups `segments` of `samples` into engine-sized windows.
  public func windows(for samples: [Float], segments: [SpeechSegment]) -> [Window] {
    let rate = Double(engineSampleRate)
    let maxWindow = Int(maxWindowSeconds * rate)
    let maxPause = Int(maxPauseSeconds * rate)
    let context = Int(contextSeconds * rate)
    var windows: [Window] = []
    var current = Window()
    var previousEnd: Int?
    for (index, segment) in segments.enumerated() {
      // Widen by `context`, never into the neighbouring segments.
      let lowerBound = index > 0 ? segments[index - 1].endSample : 0
      let upperBound = index + 1 < segments.count ? segments[index + 1].startSample : samples.count
      let start = max(0, lowerBound, min(segment.startSample - context, samples.count))
      let end = max(start, min(segment.endSample + context, upperBound, samples.count))
      guard end > start else { continue }
      // Keep up to `maxPause` of the real pause before this segment, so words don't run together.
      var pieceStart = start
      if let previousEnd, start > previousEnd { pieceStart = max(previousEnd, start - maxPause) }
      if !current.samples.isEmpty && current.samples.count + (end - pieceStart) > maxWindow {
        windows.append(current)
        current = Window()
        pieceStart = start
      }
      current.pieces.append((current.samples.count, pieceStart))
      current.samples.append(contentsOf: samples[pieceStart..<end])
      current.voicedSamples += end - start
      previousEnd = end
    }
    if !current.samples.isEmpty { windows.append(current) }
    return windows
  }

  /// Transcribes the voiced parts of `samples` with `engine`; silence alone gives an empty transcript.
  public func transcribe(_ samples: [Float], engine: any SpeechEngine, options: TranscriptionOptions) async throws
    -> Transcript
  {
    try await transcribe(windows: windows(for: samples), engine: engine, options: options, totalSamples: samples.count)
  }

  /// Transcribes one stretch of speech already cut by a voice detector (the live session's segments), through the
  /// same hallucination guard as whole recordings.
  public func transcribe(segment samples: [Float], engine: any SpeechEngine, options: TranscriptionOptions)
    async throws -> Transcript
  {
    guard !samples.isEmpty else { return .empty(engine: engine.id, model: engine.model, language: options.language) }
    let seconds = Double(samples.count) / Double(engineSampleRate)
    return HallucinationGuard.clean(try await decode(samples, engine: engine, options: options), voicedSeconds: seconds)
  }

  /// One engine call, or two when the personal dictionary may be in it. A vocabulary hint changes how Whisper
  /// reads every word, not only the terms, so the audio is decoded without it first; only when the words heard
  /// sound like a term (`VocabularyGate`) is it decoded again with the hint, and that reading is kept only if it
  /// spells a term the first one lacked. Speech that says none of the terms reads exactly as with no dictionary.
  func decode(_ samples: [Float], engine: any SpeechEngine, options: TranscriptionOptions) async throws -> Transcript {
    guard !options.vocabulary.isEmpty else { return try await engine.transcribe(samples, options: options) }
    var unprompted = options
    unprompted.vocabulary = []
    let first = try await engine.transcribe(samples, options: unprompted)
    guard VocabularyGate.mayMention(first.text, terms: options.vocabulary) else { return first }
    let hinted = try await engine.transcribe(samples, options: options)
    let gained = VocabularyGate.spelledTerms(hinted.text, terms: options.vocabulary)
      .subtracting(VocabularyGate.spelledTerms(first.text, terms: options.vocabulary))
    return gained.isEmpty ? first : hinted
  }

  /// Transcribes prepared windows in order and joins them, in recording time.
  public func transcribe(windows: [Window], engine: any SpeechEngine, options: TranscriptionOptions) async throws
    -> Transcript
  {
    try await transcribe(windows: windows, engine: engine, options: options, totalSamples: nil)
  }

  private func transcribe(
    windows: [Window], engine: any SpeechEngine, options: TranscriptionOptions, totalSamples: Int?
  ) async throws -> Transcript {
    var parts: [Transcript] = []
    for (index, window) in windows.enumerated() {
      parts.append(try await transcribe(window: window, engine: engine, options: options))
      if let progress {
        let reached = window.pieces.last.map { $0.recording + window.samples.count - $0.window } ?? 0
        let fraction =
          totalSamples.map { Double(reached) / Double(max(1, $0)) } ?? Double(index + 1) / Double(windows.count)
        progress(min(1, max(0, fraction)))
      }
    }
    return join(parts, engine: engine, options: options)
  }

  /// Transcribes one window through the hallucination guard, in recording time. Windows are read independently
  /// (no text carries over), so a live session can read each one as soon as it is complete and reuse the reading.
  public func transcribe(window: Window, engine: any SpeechEngine, options: TranscriptionOptions) async throws
    -> Transcript
  {
    let voiced = Double(window.voicedSamples) / Double(engineSampleRate)
    var part = HallucinationGuard.clean(
      try await decode(window.samples, engine: engine, options: options), voicedSeconds: voiced)
    part.segments = part.segments.map { segment in
      var mapped = segment
      mapped.start = window.recordingTime(segment.start)
      mapped.end = window.recordingTime(segment.end)
      mapped.words = segment.words.map {
        TranscriptWord(
          text: $0.text, start: window.recordingTime($0.start), end: window.recordingTime($0.end),
          confidence: $0.confidence)
      }
      return mapped
    }
    return part
  }

  /// Joins the readings of consecutive windows into the recording's transcript, as a whole-file decode does.
  public func join(_ parts: [Transcript], engine: any SpeechEngine, options: TranscriptionOptions) -> Transcript {
    guard !parts.isEmpty else { return .empty(engine: engine.id, model: engine.model, language: options.language) }
    return Transcript.joined(parts, offsets: parts.map { _ in 0 }, engine: engine.id, model: engine.model)
  }
}
