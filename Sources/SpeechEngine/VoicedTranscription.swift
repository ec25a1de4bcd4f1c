import AudioInput
import WordMatching

/// Transcribes only the voiced parts of a recording: silence and noise never reach the engine, pauses are
/// shortened, and each engine call reads one stretch of speech (a voice detector's segment, closed by a pause)
/// together with the end of the stretch before it.
///
/// That context is what makes the reading of a stretch the same whether it is read alone or in a whole file: the
/// engine hears how the speech before it ended, so a pause in the middle of a sentence does not become a sentence
/// break, and its words for the earlier stretch are dropped when the readings are joined. Because a window ends with
/// its own stretch, a live session can read each one as soon as the user pauses, and the last one is short, so the
/// text is ready the moment the user stops.
public struct VoicedTranscription: Sendable {
  /// Longest audio handed to one engine call, in seconds (Whisper's window is 30 s).
  public var maxWindowSeconds: Double = 28
  /// Longest pause kept before a stretch of speech, in seconds.
  public var maxPauseSeconds: Double = 1.0
  /// Real audio kept before the first stretch, beyond the detector's own padding: Whisper recognises the start of
  /// the first word better with a little lead-in.
  public var contextSeconds: Double = 0.3
  /// Most of the previous stretch's audio read again before a stretch, in seconds.
  public var maxPrecedingSeconds: Double = 2.5
  public var vad: VADConfiguration
  /// How speech is grouped into engine calls.
  public var windowing: Windowing = .stretches
  /// Told the fraction of the recording (0...1) transcribed so far, after each engine call.
  public var progress: (@Sendable (Double) -> Void)?

  public init(
    vad: VADConfiguration = .init(), windowing: Windowing = .stretches, progress: (@Sendable (Double) -> Void)? = nil
  ) {
    self.vad = vad
    self.windowing = windowing
    self.progress = progress
  }

  /// How speech is grouped into engine calls.
  public enum Windowing: Sendable, Hashable {
    /// One call per stretch of speech, with the end of the previous one as context: on-device engines, whose calls
    /// cost in proportion to the audio (plus a fixed padding), so a short last window is what makes the text ready
    /// at once.
    case stretches
    /// Stretches packed into calls of up to `maxWindowSeconds`: cloud engines, which bill every second sent (context
    /// read twice would cost twice) and take a request's round trip per call.
    case filled
  }

  /// A window of audio for one engine call and where its pieces came from, to map times back to the recording.
  public struct Window: Sendable {
    public var samples: [Float] = []
    /// (offset in `samples`, offset in the recording), both in samples, one per piece.
    public var pieces: [(window: Int, recording: Int)] = []
    /// Where the window's own speech starts in the recording: audio before it is the end of the previous stretch,
    /// there only as context.
    public var ownStart = 0
    /// Voiced samples of the window's own speech.
    public var ownVoicedSamples = 0
    /// The recording time (seconds) between the previous stretch's speech and this one's, when the window starts
    /// with context: words heard before it belong to the previous window.
    public var boundary: Double?

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

    mutating func append(_ samples: [Float], _ range: Range<Int>) {
      pieces.append((self.samples.count, range.lowerBound))
      self.samples.append(contentsOf: samples[range])
    }
  }

  /// Groups the voiced segments of `samples` into engine-sized windows.
  public func windows(for samples: [Float]) -> [Window] {
    windows(for: samples, segments: VoiceActivity.speechSegments(in: samples, configuration: vad))
  }

  /// The windows of `segments` of `samples`, as `windowing` groups them.
  public func windows(for samples: [Float], segments: [SpeechSegment]) -> [Window] {
    switch windowing {
    case .stretches: stretchWindows(for: samples, segments: segments)
    case .filled: filledWindows(for: samples, segments: segments)
    }
  }

  /// One window per segment: the segment, the pause before it (at most `maxPauseSeconds`) and the last
  /// `maxPrecedingSeconds` of the segment before it, within `maxWindowSeconds`.
  private func stretchWindows(for samples: [Float], segments: [SpeechSegment]) -> [Window] {
    let rate = Double(engineSampleRate)
    let maxWindow = Int(maxWindowSeconds * rate)
    let maxPause = Int(maxPauseSeconds * rate)
    let lead = Int(contextSeconds * rate)
    let maxPreceding = Int(maxPrecedingSeconds * rate)
    var windows: [Window] = []
    var previous: Range<Int>?
    for segment in segments {
      let floor = previous?.upperBound ?? 0
      var start = max(0, floor, min(segment.startSample - (previous == nil ? lead : 0), samples.count))
      // NB: a segment longer than the engine's window is cut (the detector splits long speech well before).
      let end = min(max(start, min(segment.endSample, samples.count)), start + maxWindow)
      guard end > start else { continue }
      var window = Window()
      if let previous {
        let pauseStart = max(previous.upperBound, start - maxPause)
        let room = maxWindow - (end - pauseStart)
        let precedingStart = max(previous.lowerBound, previous.upperBound - min(maxPreceding, room))
        if precedingStart < previous.upperBound {
          window.append(samples, precedingStart..<previous.upperBound)
          window.boundary = Double(previous.upperBound + max(previous.upperBound, segment.startSample)) / 2 / rate
          start = pauseStart
        }
      }
      window.ownStart = start
      window.append(samples, start..<end)
      window.ownVoicedSamples = end - max(start, segment.startSample)
      windows.append(window)
      // NB: the previous stretch is read again from where its own window started (its lead-in or pause included).
      previous = window.ownStart..<end
    }
    return windows
  }

  /// Packs segments into windows of up to `maxWindowSeconds`, each widened by `contextSeconds` and joined by at most
  /// `maxPauseSeconds` of their real pause.
  private func filledWindows(for samples: [Float], segments: [SpeechSegment]) -> [Window] {
    let rate = Double(engineSampleRate)
    let maxWindow = Int(maxWindowSeconds * rate)
    let maxPause = Int(maxPauseSeconds * rate)
    let context = Int(contextSeconds * rate)
    var windows: [Window] = []
    var current = Window()
    var previousEnd: Int?
    for (index, segment) in segments.enumerated() {
      let lowerBound = index > 0 ? segments[index - 1].endSample : 0
      let upperBound = index + 1 < segments.count ? segments[index + 1].startSample : samples.count
      // Widen by `context`, never into the neighbouring segments.
      let start = max(0, lowerBound, min(segment.startSample - context, samples.count))
      let end = min(max(start, min(segment.endSample + context, upperBound, samples.count)), start + maxWindow)
      guard end > start else { continue }
      // Keep up to `maxPause` of the real pause before this segment, so words don't run together.
      var pieceStart = start
      if let previousEnd, start > previousEnd { pieceStart = max(previousEnd, start - maxPause) }
      if !current.samples.isEmpty && current.samples.count + (end - pieceStart) > maxWindow {
        windows.append(current)
        current = Window()
        pieceStart = start
      }
      if current.samples.isEmpty { current.ownStart = pieceStart }
      current.append(samples, pieceStart..<end)
      current.ownVoicedSamples += end - start
      previousEnd = end
    }
    if !current.samples.isEmpty { windows.append(current) }
    return windows
  }

  /// Transcribes the voiced parts of `samples` with `engine`; silence alone gives an empty transcript.
  public func transcribe(_ samples: [Float], engine: any SpeechEngine, options: TranscriptionOptions) async throws
    -> Transcript
  {
    var transcription = self
    transcription.windowing = engine.windowing
    return try await transcription.transcribe(
      windows: transcription.windows(for: samples), engine: engine, options: options, totalSamples: samples.count)
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

  /// One engine call, or more when the personal dictionary may be in it. A vocabulary hint changes how Whisper
  /// reads every word, not only the terms, so the audio is decoded without it first, and a second reading is only
  /// ever asked where the first gives a reason, and only ever taken where it writes a term over words that may be it
  /// (`TermSplice`): every other word stays as first read, so speech that says none of the terms reads exactly as with
  /// no dictionary.
  ///
  /// When the first reading writes a form the user corrected before (`LearnedForms`), the audio is read again with
  /// the term written in its place as the prompt. Then the terms the reading may still mention (`TermSplice.candidates`:
  /// words that sound like one, or a form the engine wrote for one before) are given as the hint, those alone; and
  /// failing that, an engine that can is asked once more with its decoder raising those terms' tokens (`TermBias`),
  /// which can move Whisper off a clause it heard ("cube and eats") where a prompt cannot.
  func decode(_ samples: [Float], engine: any SpeechEngine, options: TranscriptionOptions) async throws -> Transcript {
    guard !options.vocabulary.isEmpty || !options.learnedForms.isEmpty else {
      return try await engine.transcribe(samples, options: options)
    }
    var unprompted = options
    unprompted.vocabulary = []
    let first = try await engine.transcribe(samples, options: unprompted)
    let forms = options.learnedForms
    let terms = (options.vocabulary + forms.map(\.term)).uniqued()
    var reading = first
    let (prompt, used) = LearnedForms.prompt(for: first.text, forms: forms)
    if !used.isEmpty {
      var prompted = unprompted
      prompted.prompt = [options.prompt, prompt].compactMap { $0 }.joined(separator: " ")
      let reread = try await engine.transcribe(samples, options: prompted)
      if let spliced = TermSplice.splice(reread, onto: reading, terms: used.map(\.term), forms: forms) {
        reading = spliced.transcript
      }
    }
    let candidates = TermSplice.candidates(in: reading.text, terms: terms, forms: forms)
    guard !candidates.isEmpty else { return reading }
    var hinted = unprompted
    hinted.vocabulary = candidates
    let hint = try await engine.transcribe(samples, options: hinted)
    if let spliced = TermSplice.splice(hint, onto: reading, terms: candidates, forms: forms) {
      reading = spliced.transcript
    }
    let missing = TermSplice.candidates(in: reading.text, terms: candidates, forms: forms)
    guard !missing.isEmpty, engine.canBiasTowardTerms else { return reading }
    var biased = unprompted
    biased.vocabulary = missing
    biased.biasesDecoder = true
    let leaning = try await engine.transcribe(samples, options: biased)
    return TermSplice.splice(leaning, onto: reading, terms: missing, forms: forms)?.transcript ?? reading
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
    var readings: [(window: Window, transcript: Transcript)] = []
    for (index, window) in windows.enumerated() {
      readings.append((window, try await transcribe(window: window, engine: engine, options: options)))
      if let progress {
        let reached = window.recordingEnd
        let fraction =
          totalSamples.map { Double(reached) / Double(max(1, $0)) } ?? Double(index + 1) / Double(windows.count)
        progress(min(1, max(0, fraction)))
      }
    }
    return join(readings, engine: engine, options: options)
  }

  /// Reads one window, in recording time: context and own speech alike (`join` keeps the window's own words).
  /// Windows are read independently (no text carries over), so a live session can read each one as soon as it is
  /// complete and reuse the reading.
  public func transcribe(window: Window, engine: any SpeechEngine, options: TranscriptionOptions) async throws
    -> Transcript
  {
    var part = try await decode(window.samples, engine: engine, options: options)
    if part.segments.isEmpty, !part.text.isEmpty {
      // NB: an engine without timings (a cloud engine's plain text): one segment over the whole window.
      part.segments = [
        TranscriptSegment(
          text: part.text, start: 0, end: Double(window.samples.count) / Double(engineSampleRate), confidence: 1)
      ]
    }
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

  /// Joins the readings of consecutive windows into the recording's transcript. Of each reading only the window's
  /// own words are kept (`WindowSplit`), and the punctuation the engine heard after the previous window's last word,
  /// knowing what came next, replaces the one that window's own reading ended with.
  public func join(
    _ readings: [(window: Window, transcript: Transcript)], engine: any SpeechEngine, options: TranscriptionOptions
  ) -> Transcript {
    let segments = joinedSegments(readings)
    var joined = Transcript(
      text: segments.map(\.text).filter { !$0.isEmpty }.joined(separator: " "), segments: segments,
      language: readings.lazy.compactMap(\.transcript.language).first ?? options.language, engine: engine.id,
      model: engine.model)
    joined.learned = readings.flatMap(\.transcript.learned).uniqued()
    return joined
  }

  /// The segments of `join`, in recording time, following `earlier` (the join of the windows before these).
  public func joinedSegments(
    _ readings: [(window: Window, transcript: Transcript)], after earlier: [TranscriptSegment] = []
  ) -> [TranscriptSegment] {
    var segments = earlier
    for (window, reading) in readings {
      let split = WindowSplit(reading: reading, window: window, before: segments)
      if let ending = split.previousEnding { WindowSplit.replaceEnding(of: &segments, with: ending) }
      let own = Transcript(
        text: split.own.map(\.text).filter { !$0.isEmpty }.joined(separator: " "), segments: split.own,
        language: reading.language, engine: reading.engine, model: reading.model)
      let voiced = Double(window.ownVoicedSamples) / Double(engineSampleRate)
      segments += HallucinationGuard.clean(own, voicedSeconds: voiced).segments
    }
    return segments
  }
}
