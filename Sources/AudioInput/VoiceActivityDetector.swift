/// Finds speech in a live 16 kHz mono stream, chunk by chunk, with bounded memory.
///
/// Each 10 ms frame is speech when its 300–4000 Hz band is louder than the adaptive noise floor (the quietest
/// frame of the last two seconds) by a margin, and its spectrum looks like voice (not flat like noise, not all below 300 Hz like
/// hum). Frames are grouped into padded segments that end after a pause. Chunk sizes do not change the result.
public struct VoiceActivityDetector: Sendable {
  /// Samples per analysis frame (10 ms at 16 kHz).
  public static let frameLength = 160

  /// The tuning in use.
  public let configuration: VADConfiguration
  private var analyzer = SpectrumAnalyzer()
  private var tracker: SegmentTracker
  /// The latest 512 samples in order, oldest first.
  private var recent = [Float](repeating: 0, count: SpectrumAnalyzer.size)
  /// Samples of the frame being filled.
  private var pending: [Float] = []
  /// Levels of the last `floorFrames` frames, as a ring.
  private var floorLevels: [Float] = []
  private var floorCursor = 0
  private let floorFrames: Int
  private var totalSamples = 0

  /// A detector with `configuration`.
  public init(configuration: VADConfiguration = .init()) {
    self.configuration = configuration
    tracker = SegmentTracker(
      configuration: configuration, sampleRate: DecodedAudio.sampleRate, frameLength: Self.frameLength)
    let frameDuration = Double(Self.frameLength) / Double(DecodedAudio.sampleRate)
    floorFrames = max(1, Int((configuration.noiseFloorWindow / frameDuration).rounded()))
    pending.reserveCapacity(Self.frameLength)
  }

  /// Whether speech is going on now (a segment with enough speech is open).
  public var isSpeaking: Bool { tracker.isSpeaking }

  /// Where the segment in progress starts (sample index), if speech has started and not yet paused.
  public var openSegmentStart: Int? { tracker.isSpeaking ? tracker.open?.startSample : nil }

  /// Number of samples processed since the start.
  public var processedSamples: Int { totalSamples }

  /// The noise floor in dBFS as currently estimated (`AudioLevel.silenceDBFS` before any frame).
  public var noiseFloorDBFS: Float { floorLevels.min() ?? AudioLevel.silenceDBFS }

  /// Takes the next 16 kHz samples; returns the segments that a pause (or the length limit) closed in them.
  public mutating func process(_ samples: [Float]) -> [SpeechSegment] {
    var closed: [SpeechSegment] = []
    totalSamples += samples.count
    var index = samples.startIndex
    while index < samples.endIndex {
      let take = min(Self.frameLength - pending.count, samples.endIndex - index)
      pending.append(contentsOf: samples[index..<(index + take)])
      index += take
      if pending.count == Self.frameLength {
        if let segment = analyzeFrame() { closed.append(segment) }
        pending.removeAll(keepingCapacity: true)
      }
    }
    return closed
  }

  /// Ends the stream: returns the segment still open, if it holds enough speech. The detector then starts afresh.
  public mutating func finish() -> [SpeechSegment] {
    let last = tracker.finish(totalSamples: totalSamples)
    self = VoiceActivityDetector(configuration: configuration)
    return last.map { [$0] } ?? []
  }

  private mutating func analyzeFrame() -> SpeechSegment? {
    recent.removeFirst(Self.frameLength)
    for sample in pending { recent.append(sample.isFinite ? sample : 0) }
    let features = analyzer.features(history: recent)
    let floor = updateNoiseFloor(with: features.levelDBFS)
    let loud = features.levelDBFS > max(floor + configuration.speechMarginDB, configuration.minimumSpeechLevelDBFS)
    let voiceLike =
      features.flatness <= configuration.maximumSpectralFlatness
      && features.flatness >= configuration.minimumSpectralFlatness
      && features.speechBandShare >= configuration.minimumSpeechBandShare
    let kind: FrameKind = loud ? (voiceLike ? .speech : .loud) : .quiet
    return tracker.advance(kind, levelDBFS: features.levelDBFS)
  }

  /// Adds the frame level to the window and returns the quietest level in it.
  private mutating func updateNoiseFloor(with level: Float) -> Float {
    if floorLevels.count < floorFrames {
      floorLevels.append(level)
    } else {
      floorLevels[floorCursor] = level
      floorCursor = (floorCursor + 1) % floorFrames
    }
    return floorLevels.min() ?? level
  }
}
