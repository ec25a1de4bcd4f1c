import AudioInput
import DictationValues
import SpeechEngine

/// A dictation's audio while it is recorded, and its reading while the user speaks: the speech segments a pause
/// closed, the live transcript (settled windows read at full quality, a draft of the speech going on) and the one
/// engine call in flight for it. The host's recordings and a server's live connections both hold one; the actor
/// that owns it feeds audio with `append`, calls `advance` after every change and hands each finished engine call
/// back to `finished`. `finalReading` at stop is the text a file decode of the same audio gives, read earlier.
public struct LiveReading: Sendable {
  /// The audio so far (16 kHz mono).
  public private(set) var samples: [Float] = []
  /// Segments the segmenter closed so far.
  public private(set) var segments: [SpeechSegment] = []
  var segmenter: any SpeechSegmenter
  var live: LiveTranscript
  /// The engine call in flight for the live text, if any (one at a time).
  var job: LiveJobHandle?
  /// Closed segments, open speech and whether voice was heard last, when the live job started (its window is
  /// checked again when they change).
  var jobShape = 0
  /// Whether the audio changed since the live work was last looked at.
  var stale = true
  /// The windows of the first `segments` closed segments, cut once (`cutWindows`).
  var closedWindows: (segments: Int, windows: [VoicedTranscription.Window]) = (0, [])

  /// A reading cut by `segmenter`, with a draft of the speech going on every `draftInterval` seconds of new audio
  /// (nil: confirmed words only).
  public init(segmenter: any SpeechSegmenter, draftInterval: Double?) {
    self.init(segmenter: segmenter, pace: draftInterval.map { LivePace(interval: $0) })
  }

  /// A reading cut by `segmenter`, its drafts paced by `pace` (nil: confirmed words only).
  public init(segmenter: any SpeechSegmenter, pace: LivePace?) {
    self.segmenter = segmenter
    live = LiveTranscript(pace: pace)
  }

  /// When drafts are read and how much each reads (nil: none); the phone's power state may change it mid-dictation.
  public var pace: LivePace? {
    get { live.pace }
    set { live.pace = newValue }
  }

  /// The engine's words so far (confirmed and volatile), before clean-up.
  public var liveText: LiveText { live.liveText }

  /// Takes the readings `other` finished meanwhile (the same recording, held elsewhere while a call ran).
  public mutating func adoptReadings(of other: LiveReading) {
    live = other.live
  }

  /// Seconds of audio so far.
  public var seconds: Double { Double(samples.count) / Double(engineSampleRate) }

  /// The speech heard so far, and the quiet since its last word: the closed segments and the one still open.
  public var speechTiming: (speech: Double, quiet: Double) {
    var probe = segmenter
    let open = probe.finish().map { SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound) }
    let all = segments + open
    let speech = all.reduce(0) { $0 + max(0, $1.endSample - $1.startSample) }
    let lastVoice = all.last?.endSample ?? samples.count
    let rate = Double(engineSampleRate)
    return (Double(speech) / rate, Double(max(0, samples.count - lastVoice)) / rate)
  }

  /// Appends captured audio; returns the segments a pause closed (already kept).
  public mutating func append(_ buffer: [Float]) -> [Range<Int>] {
    samples.append(contentsOf: buffer)
    let closed = segmenter.process(buffer)
    for segment in closed {
      segments.append(SpeechSegment(startSample: segment.lowerBound, endSample: segment.upperBound))
    }
    stale = true
    return closed
  }

  /// A finished live engine call, to hand to `finished` on the owner's isolation.
  public struct Update: Sendable {
    let apply: @Sendable (inout LiveTranscript) -> Void
  }

  /// What one `advance` did.
  public struct Step: Sendable {
    /// The live text changed (a new revision).
    public var changed = false
    /// The engine call started, for a trace log.
    public var started: String?
  }

  /// Looks at the audio since the last step: a live call made stale by new speech is stopped; when none is in flight,
  /// the live text is refreshed and the next call (an unread settled window, else a draft) is started, its outcome
  /// sent to `deliver`. Calls run one at a time, off the owner, so capture never waits for them.
  public mutating func advance(
    engine: any SpeechEngine, options: TranscriptionOptions,
    deliver: @escaping @Sendable (Update) async -> Void
  ) -> Step {
    guard stale else { return Step() }
    let transcription = VoicedTranscription(windowing: engine.windowing)
    var probe = segmenter
    let tail = probe.finish().map { SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound) }
    // NB: speech that paused a moment ago is about to settle; a draft now would only delay its full reading.
    let speaking = tail.last.map { $0.endSample >= samples.count } ?? false
    // NB: changes when a segment closes, speech opens one, or speech resumes within one (a short pause).
    let shape = segments.count * 4 + tail.count * 2 + (speaking ? 1 : 0)
    if let job {
      // A draft gives way to the full reading of speech that just settled; a reading whose window grew (the user
      // spoke again after the pause) is stopped, so the engine is free for the window that will count.
      let check = job.window == nil ? !speaking : shape != jobShape
      guard check, !job.task.isCancelled else { return Step() }
      let (windows, settled) = cutWindows(tail: tail, transcription: transcription)
      if let key = job.window {
        if !windows.contains(where: { $0.sourceRanges == key }) { job.task.cancel() }
      } else if live.hasUnreadSettledWindow(windows, lastSettled: settled) {
        job.task.cancel()
      }
      jobShape = shape
      return Step()
    }
    stale = false
    let (windows, settled) = cutWindows(tail: tail, transcription: transcription)
    var step = Step()
    step.changed = live.refreshLiveText(windows: windows, lastSettled: settled, transcription: transcription)
    if let next = live.nextJob(
      samples: samples, windows: windows, lastSettled: settled, speaking: speaking, speechStart: tail.last?.startSample)
    {
      step.started = "\(Self.describe(next)) at \(String(format: "%.2f", seconds)) s"
      job = Self.start(next, engine: engine, options: options, transcription: transcription, deliver: deliver)
      jobShape = shape
    }
    return step
  }

  /// The windows of the recording so far as a whole-recording decode would cut it if it stopped now (the closed
  /// `segments`, then the open `tail`), and whether the last is settled. A closed segment's stretch window never
  /// changes, so it is cut once and kept; only the open speech's is cut again, from the two segments before it (all a
  /// stretch window depends on), so a step's work does not grow with the dictation's length.
  mutating func cutWindows(tail: [SpeechSegment], transcription: VoicedTranscription) -> (
    windows: [VoicedTranscription.Window], lastSettled: Bool
  ) {
    // NB: filled windows pack later speech into earlier calls; they are cut whole each time.
    guard case .stretches = transcription.windowing else {
      return LiveTranscript.windows(of: samples, segments: segments + tail, transcription: transcription)
    }
    if closedWindows.segments < segments.count {
      let from = max(0, closedWindows.segments - 2)
      let cut = transcription.windows(for: samples, segments: Array(segments[from...]))
      closedWindows =
        cut.count == segments.count - from
        ? (segments.count, closedWindows.windows + cut.dropFirst(closedWindows.segments - from))
        : (segments.count, transcription.windows(for: samples, segments: segments))
    }
    var windows = closedWindows.windows
    if !tail.isEmpty {
      let from = max(0, segments.count - 2)
      windows += transcription.windows(for: samples, segments: Array(segments[from...]) + tail)
        .dropFirst(segments.count - from)
    }
    return (windows, (windows.last?.recordingEnd ?? 0) < samples.count)
  }

  /// Keeps a finished live call's outcome; the owner calls `advance` next.
  public mutating func finished(_ update: Update) {
    update.apply(&live)
    job = nil
    stale = true
  }

  /// At stop: closes the speech still open (returning its segments) and stops a live call the final text does not
  /// need. The call it does need is returned: await it (its `finished` comes first), then read with `finalReading`.
  public mutating func stop(windowing: VoicedTranscription.Windowing) -> (
    tail: [Range<Int>], pending: Task<Void, Never>?
  ) {
    let tail = segmenter.finish()
    for segment in tail {
      segments.append(SpeechSegment(startSample: segment.lowerBound, endSample: segment.upperBound))
    }
    guard let job else { return (tail, nil) }
    // NB: the engine takes one call at a time. The live reading in flight finishes (and is kept) when the final text
    // uses its window; a draft, or a reading of a window the final text does not cut, is stopped.
    let finalWindows = Set(
      VoicedTranscription(windowing: windowing).windows(for: samples, segments: segments).map(\.sourceRanges))
    if job.window.map({ !finalWindows.contains($0) }) ?? true { job.task.cancel() }
    return (tail, job.task)
  }

  /// The final reading: every window a whole-recording decode cuts, taken from the live readings when their audio is
  /// exactly the same, else read now.
  public func finalReading(engine: any SpeechEngine, options: TranscriptionOptions) async -> WindowedReading {
    await WindowedReading.read(samples, segments: segments, live: live, engine: engine, options: options)
  }

  /// Speculative readings made while recording.
  public var readingsMade: Int { live.readingsMade }

  private static func start(
    _ job: LiveTranscript.Job, engine: any SpeechEngine, options: TranscriptionOptions,
    transcription: VoicedTranscription, deliver: @escaping @Sendable (Update) async -> Void
  ) -> LiveJobHandle {
    var window: [Range<Int>]?
    if case .read(let read) = job { window = read.sourceRanges }
    let task = Task.detached {
      switch job {
      case .read(let window):
        let transcript = try? await transcription.transcribe(window: window, engine: engine, options: options)
        let stopped = Task.isCancelled
        await deliver(
          Update { live in
            if let transcript { live.read(window, as: transcript) } else if !stopped { live.readingFailed(window) }
          })
      case .draft(let samples, let from, let keep, let after):
        let seconds = Double(samples.count) / Double(engineSampleRate)
        var drafting = options.drafting
        // NB: a draft that reads on from kept words is told the last of them, as whisper's next window is.
        if !after.isEmpty {
          drafting.prompt = [options.prompt, String(after.suffix(200))].compactMap { $0 }.joined(separator: " ")
        }
        let draft = try? await engine.transcribe(samples, options: drafting)
        let text = draft.map { HallucinationGuard.cutLoop(HallucinationGuard.clean($0, voicedSeconds: seconds).text) }
        await deliver(
          Update { live in
            // NB: a stopped draft leaves the last one shown.
            if let text { live.drafted(text.trimmingCharacters(in: .whitespacesAndNewlines), from: from, keep: keep) }
          })
      }
    }
    return LiveJobHandle(task: task, window: window)
  }

  static func describe(_ job: LiveTranscript.Job) -> String {
    switch job {
    case .read(let window):
      "reading \(String(format: "%.2f–%.2f s", Double(window.ownStart) / 16_000, Double(window.recordingEnd) / 16_000)) (\(window.pieces.count) piece(s))"
    case .draft(let samples, let from, let keep, _):
      "drafting \(String(format: "%.2f", Double(samples.count) / Double(engineSampleRate))) s from \(String(format: "%.2f", Double(from) / Double(engineSampleRate))) s\(keep == nil ? "" : ", kept")"
    }
  }
}

/// An engine call for the live text: its task (cancelling it stops the engine) and the window it reads (nil: a draft).
struct LiveJobHandle: Sendable {
  let task: Task<Void, Never>
  let window: [Range<Int>]?
}
