import AudioInput
import DictationValues
import SpeechEngine

/// A dictation's words while it is recorded: full-quality readings of the shared transcription stage's windows
/// (keyed by the recording audio they hold), the latest draft of the speech still going on, and the live text
/// made from them. Pure state: the host performs the engine calls it asks for.
///
/// A window is read once it is settled: a later window has begun, or enough silence follows its last words that
/// more audio cannot change it. Stopping then finds the windows a whole-recording decode would cut already read;
/// a reading whose window changed (the user spoke again) is simply never used.
struct LiveTranscript: Sendable {
  /// Readings of windows, by the recording ranges they hold.
  private(set) var readings: [[Range<Int>]: Transcript] = [:]
  /// Windows whose reading failed while recording; they are tried again only when the dictation stops.
  private(set) var failed: Set<[Range<Int>]> = []
  /// The drafts of the speech not yet confirmed (it starts at `from`): the words of its parts read once and kept (up
  /// to `keptUpTo`), and the latest draft of the rest.
  private(set) var drafts = DraftedSpeech(from: 0)
  /// What the keyboard is shown.
  private(set) var liveText = LiveText()
  /// Speculative readings made while recording and not used by the final text.
  private(set) var readingsMade = 0
  /// The joined readings of the windows before the last, by their keys: only the last window changes while the
  /// user speaks, so earlier readings are not split and joined again at every refresh.
  private var joinedBeforeLast: (keys: [[Range<Int>]], segments: [TranscriptSegment]) = ([], [])

  /// When drafts are read and how much of the speech each reads; nil: no drafts.
  var pace: LivePace?

  init(pace: LivePace?) {
    self.pace = pace
  }

  /// An engine call the host should make next.
  enum Job: Sendable {
    /// A full-quality reading of a settled window.
    case read(VoicedTranscription.Window)
    /// A quick reading of `samples` (recording audio from `from`) for the volatile part of the live text; with `keep`,
    /// they end at a quiet moment (`keep` in the recording) and their words are kept, not read again. `after`: the
    /// words kept before them, which the engine is told so it reads on from them.
    case draft(samples: [Float], from: Int, keep: Int?, after: String)
  }

  /// The windows of the recording so far as a whole-recording decode would cut it if it stopped now, and whether the
  /// last one is settled (its end was set by its words, not by where the audio ends).
  static func windows(
    of samples: [Float], segments: [SpeechSegment], transcription: VoicedTranscription
  ) -> (windows: [VoicedTranscription.Window], lastSettled: Bool) {
    let windows = transcription.windows(for: samples, segments: segments)
    return (windows, (windows.last?.recordingEnd ?? 0) < samples.count)
  }

  /// The next engine call worth making, if any: an unread settled window first, else a draft of the speech going on
  /// (`speaking`: voice in the last moments of the audio, heard since `speechStart`).
  mutating func nextJob(
    samples: [Float], windows: [VoicedTranscription.Window], lastSettled: Bool, speaking: Bool, speechStart: Int? = nil
  ) -> Job? {
    for (index, window) in windows.enumerated() where index + 1 < windows.count || lastSettled {
      let key = window.sourceRanges
      if readings[key] == nil, !failed.contains(key) { return .read(window) }
    }
    guard let pace, speaking, let last = windows.last else { return nil }
    let from = readPrefix(of: last)?.end ?? last.ownStart
    if drafts.from != from { drafts = DraftedSpeech(from: from) }
    let rate = Double(engineSampleRate)
    guard
      pace.draftDue(
        heard: Double(samples.count - max(from, speechStart ?? from)) / rate,
        sinceLast: drafts.askedAt.map { Double(samples.count - $0) / rate })
        && pace.endsInVoice(samples)
    else { return nil }
    drafts.askedAt = pace.beat(after: drafts.askedAt, now: samples.count)
    // Only what is new: the parts already kept are not read again.
    let start = drafts.keptUpTo
    if let keep = pace.keptEnd(of: samples, from: start) {
      return .draft(samples: Array(samples[start..<keep]), from: start, keep: keep, after: drafts.keptText)
    }
    // NB: a draft never holds more than one engine window.
    let first = max(start, samples.count - Int(28 * rate))
    return .draft(samples: Array(samples[first..<samples.count]), from: start, keep: nil, after: drafts.keptText)
  }

  /// Whether a settled window waits for its reading.
  func hasUnreadSettledWindow(_ windows: [VoicedTranscription.Window], lastSettled: Bool) -> Bool {
    windows.enumerated().contains { index, window in
      (index + 1 < windows.count || lastSettled) && readings[window.sourceRanges] == nil
        && !failed.contains(window.sourceRanges)
    }
  }

  /// Keeps a finished reading of `window`.
  mutating func read(_ window: VoicedTranscription.Window, as transcript: Transcript) {
    readings[window.sourceRanges] = transcript
    readingsMade += 1
  }

  mutating func readingFailed(_ window: VoicedTranscription.Window) {
    failed.insert(window.sourceRanges)
  }

  mutating func drafted(_ text: String, from: Int, keep: Int?) {
    drafts.drafted(text, from: from, keep: keep)
  }

  /// The reading of `window`, if its exact audio was read.
  func reading(of window: VoicedTranscription.Window) -> Transcript? { readings[window.sourceRanges] }

  /// The longest reading of an earlier form of `window` (same start, speech since cut short by a pause the user
  /// went on after): its words stay confirmed while the rest of the window is still being spoken.
  func readPrefix(of window: VoicedTranscription.Window) -> (end: Int, transcript: Transcript)? {
    guard let start = window.sourceRanges.first?.lowerBound else { return nil }
    var best: (end: Int, transcript: Transcript)?
    for (key, transcript) in readings where key.first?.lowerBound == start {
      let end = key.last?.upperBound ?? start
      if end <= window.recordingEnd, end > (best?.end ?? -1) { best = (end, transcript) }
    }
    return best
  }

  /// Recomputes the live text from the readings and the draft; true when it changed (a new revision).
  mutating func refreshLiveText(
    windows: [VoicedTranscription.Window], lastSettled: Bool, transcription: VoicedTranscription
  ) -> Bool {
    var read: [(window: VoicedTranscription.Window, transcript: Transcript)] = []
    var volatileFrom: Int?
    for (index, window) in windows.enumerated() {
      if let reading = reading(of: window), index + 1 < windows.count || lastSettled {
        read.append((window, reading))
      } else if index + 1 == windows.count {
        let prefix = readPrefix(of: window)
        if let prefix { read.append((window, prefix.transcript)) }
        volatileFrom = prefix?.end ?? window.ownStart
      } else {
        break  // an earlier window still being read: later words wait for it
      }
    }
    let earlier = read.dropLast()
    let keys = earlier.map(\.window.sourceRanges)
    if !keys.starts(with: joinedBeforeLast.keys) { joinedBeforeLast = ([], []) }
    joinedBeforeLast = (
      keys,
      transcription.joinedSegments(
        Array(earlier.dropFirst(joinedBeforeLast.keys.count)), after: joinedBeforeLast.segments)
    )
    let confirmed = transcription.joinedSegments(Array(read.suffix(1)), after: joinedBeforeLast.segments).map(\.text)
    // NB: drafts of speech before the latest confirmed words would repeat them; they wait for the next one.
    let volatile = volatileFrom.map { drafts.from >= $0 } == true ? drafts.text : ""
    let next = LiveText(
      confirmed: LiveText.bounded(confirmed.filter { !$0.isEmpty }.joined(separator: " ")),
      volatile: LiveText.bounded(volatile), revision: liveText.revision)
    guard next.confirmed != liveText.confirmed || next.volatile != liveText.volatile else { return false }
    liveText = LiveText(confirmed: next.confirmed, volatile: next.volatile, revision: liveText.revision + 1)
    return true
  }
}

/// The drafts of the speech not yet confirmed, from `from` in the recording: parts read once and kept, and the
/// latest draft of what follows them.
struct DraftedSpeech: Sendable {
  let from: Int
  /// The kept parts' words, and where they end.
  private(set) var kept: [String] = []
  private(set) var keptUpTo: Int
  /// What the drafts say: the kept parts and the latest draft after them.
  private(set) var text = ""
  /// Where the interval to the next draft counts from, in recording samples (`LivePace.beat`; nil: none asked yet).
  var askedAt: Int?

  init(from: Int) {
    self.from = from
    keptUpTo = from
  }

  mutating func drafted(_ text: String, from start: Int, keep: Int?) {
    guard start == keptUpTo else { return }
    guard let keep else {
      self.text = (kept + [text]).filter { !$0.isEmpty }.joined(separator: " ")
      return
    }
    if !text.isEmpty { kept.append(text) }
    keptUpTo = keep
    // NB: the last draft shown may have read past the kept part; the longer stays until a draft reads on from it.
    if keptText.split(separator: " ").count >= self.text.split(separator: " ").count { self.text = keptText }
  }

  /// The kept parts' words.
  var keptText: String { kept.joined(separator: " ") }
}

/// The final reading of a recording: every window a whole-recording decode cuts, each taken from the live readings
/// when its audio is exactly the same, else read now.
public struct WindowedReading: Sendable {
  public var transcript: Transcript
  /// Windows whose reading failed, and the last failure.
  public var failures = 0
  public var lastError: String?
  /// Windows read while the user spoke, and read at stop.
  public var reused = 0
  public var readNow = 0

  /// A reading made elsewhere (a server that read the dictation while it was spoken).
  public init(transcript: Transcript) {
    self.transcript = transcript
  }

  /// Reads every window of a recording no live reading went with (a recording recovered after a crash).
  public static func read(
    _ samples: [Float], segments: [SpeechSegment], engine: any SpeechEngine, options: TranscriptionOptions
  ) async -> WindowedReading {
    await read(samples, segments: segments, live: nil, engine: engine, options: options)
  }

  static func read(
    _ samples: [Float], segments: [SpeechSegment], live: LiveTranscript?, engine: any SpeechEngine,
    options: TranscriptionOptions, transcription: VoicedTranscription? = nil
  ) async -> WindowedReading {
    var parts: [(window: VoicedTranscription.Window, transcript: Transcript)] = []
    var outcome = WindowedReading(transcript: .empty(engine: engine.id, model: engine.model))
    let transcription = transcription ?? VoicedTranscription(windowing: engine.windowing)
    for window in transcription.windows(for: samples, segments: segments) {
      if let reading = live?.reading(of: window) {
        parts.append((window, reading))
        outcome.reused += 1
        continue
      }
      do {
        parts.append((window, try await transcription.transcribe(window: window, engine: engine, options: options)))
        outcome.readNow += 1
      } catch {
        outcome.failures += 1
        outcome.lastError = "\(error)"
      }
    }
    outcome.transcript = transcription.join(parts, engine: engine, options: options)
    return outcome
  }

  /// The text with surrounding whitespace trimmed.
  public var text: String { transcript.text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
