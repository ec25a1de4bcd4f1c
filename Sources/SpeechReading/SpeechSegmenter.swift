import AudioInput

/// Cuts a live stream of 16 kHz samples into speech segments, each closed by a pause.
public protocol SpeechSegmenter: Sendable {
  /// Feeds the next samples; returns segments (absolute sample ranges) that a pause just closed.
  mutating func process(_ samples: [Float]) -> [Range<Int>]
  /// Closes the stream; returns the open segment, if any.
  mutating func finish() -> [Range<Int>]
}

/// An energy-based segmenter: 20 ms frames louder than a threshold are speech; a pause closes a segment.
public struct EnergyPauseSegmenter: SpeechSegmenter {
  public var thresholdDBFS: Double
  /// Silence that closes a segment.
  public var pauseSeconds: Double
  /// Audio kept before and after each segment.
  public var paddingSeconds: Double
  /// Segments are cut at this length even without a pause (engines take at most 30 s).
  public var maxSegmentSeconds: Double

  static let frameLength = 320
  private var pending: [Float] = []
  private var position = 0
  private var speechStart: Int?
  private var lastVoiced = 0
  private var voicedFrames = 0
  private var lastClosedEnd = 0

  public init(
    thresholdDBFS: Double = -42, pauseSeconds: Double = 0.45, paddingSeconds: Double = 0.15,
    maxSegmentSeconds: Double = 25
  ) {
    self.thresholdDBFS = thresholdDBFS
    self.pauseSeconds = pauseSeconds
    self.paddingSeconds = paddingSeconds
    self.maxSegmentSeconds = maxSegmentSeconds
  }

  /// Whether a segment is open (speech heard and no pause since).
  public var isSpeaking: Bool { speechStart != nil }

  public mutating func process(_ samples: [Float]) -> [Range<Int>] {
    pending.append(contentsOf: samples)
    var closed: [Range<Int>] = []
    var offset = 0
    while pending.count - offset >= Self.frameLength {
      let frame = Array(pending[offset..<offset + Self.frameLength])
      offset += Self.frameLength
      let frameStart = position
      position += Self.frameLength
      if Double(AudioLevel(of: frame).rmsDBFS) > thresholdDBFS {
        if speechStart == nil {
          speechStart = frameStart
          voicedFrames = 0
        }
        voicedFrames += 1
        lastVoiced = position
      }
      guard let start = speechStart else { continue }
      let pause = Double(position - lastVoiced) / 16_000
      let length = Double(position - start) / 16_000
      if pause >= pauseSeconds || length >= maxSegmentSeconds {
        if let segment = close(start: start, end: length >= maxSegmentSeconds ? position : lastVoiced) {
          closed.append(segment)
        }
      }
    }
    pending.removeFirst(offset)
    return closed
  }

  public mutating func finish() -> [Range<Int>] {
    position += pending.count
    pending.removeAll()
    guard let start = speechStart else { return [] }
    return close(start: start, end: lastVoiced).map { [$0] } ?? []
  }

  private mutating func close(start: Int, end: Int) -> Range<Int>? {
    speechStart = nil
    let padding = Int(paddingSeconds * 16_000)
    // NB: a click or a single loud frame is not speech.
    guard voicedFrames >= 5 else { return nil }
    let segment = max(lastClosedEnd, start - padding)..<min(position, end + padding)
    lastClosedEnd = segment.upperBound
    return segment
  }
}
