import AudioInput
import FieldValues
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
  /// The latest draft: where its audio starts in the recording and what it says.
  private(set) var draft: (from: Int, text: String)?
  /// Recording length when the latest draft was asked for.
  private(set) var lastDraftAt = 0
  /// What the keyboard is shown.
  private(set) var liveText = LiveText()
  /// Speculative readings made while recording and not used by the final text.
  private(set) var readingsMade = 0
  /// The joined readings of the windows before the last, by their keys: only the last window changes while the
  /// user speaks, so earlier readings are not split and joined again at every refresh.
  private var joinedBeforeLast: (keys: [[Range<Int>]], segments: [TranscriptSegment]) = ([], [])

  /// Seconds of new audio between two drafts; nil: no drafts.
  let draftInterval: Double?
  /// Shortest speech worth a draft, in samples.
  let minimumDraft = engineSampleRate / 2

  init(draftInterval: Double?) {
    self.draftInterval = draftInterval
  }

  /// An engine call the host should make next.
  enum Job: Sendable {
    /// A full-quality reading of a settled window.
    case read(VoicedTranscription.Window)
    /// A quick reading of `samples` (recording audio from `from`) for the volatile part of the live text.
    case draft(samples: [Float], from: Int)
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
  /// (`speaking`: voice in the last moments of the audio).
  mutating func nextJob(
    samples: [Float], windows: [VoicedTranscription.Window], lastSettled: Bool, speaking: Bool
  ) -> Job? {
    for (index, window) in windows.enumerated() where index + 1 < windows.count || lastSettled {
      let key = window.sourceRanges
      if readings[key] == nil, !failed.contains(key) { return .read(window) }
    }
    guard let draftInterval, speaking, let last = windows.last else { return nil }
    let from = readPrefix(of: last)?.end ?? last.ownStart
    let fresh = samples.count - lastDraftAt
    guard samples.count - from >= minimumDraft, fresh >= Int(draftInterval * Double(engineSampleRate)) else {
      return nil
    }
    lastDraftAt = samples.count
    // NB: a draft never holds more than one engine window.
    let start = max(from, samples.count - Int(28 * Double(engineSampleRate)))
    return .draft(samples: Array(samples[start..<samples.count]), from: from)
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

  mutating func drafted(_ text: String, from: Int) {
    draft = (from, text)
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
    // NB: a draft made before the latest confirmed words would repeat them; it waits for the next one.
    let volatile = draft.flatMap { draft in volatileFrom.map { draft.from >= $0 } == true ? draft.text : nil } ?? ""
    let next = LiveText(
      confirmed: LiveText.bounded(confirmed.filter { !$0.isEmpty }.joined(separator: " ")),
      volatile: LiveText.bounded(volatile), revision: liveText.revision)
    guard next.confirmed != liveText.confirmed || next.volatile != liveText.volatile else { return false }
    liveText = LiveText(confirmed: next.confirmed, volatile: next.volatile, revision: liveText.revision + 1)
    return true
  }
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
