/// Tuning of the voice activity detector; the defaults suit dictation at 16 kHz.
public struct VADConfiguration: Sendable, Hashable {
  /// A frame counts as speech only when its speech-band (300–4000 Hz) level is this many dB above the adaptive noise floor.
  public var speechMarginDB: Float = 10
  /// …and above this absolute level (quieter frames are never speech).
  public var minimumSpeechLevelDBFS: Float = -55
  /// …and its spectrum between 300 and 4000 Hz is at most this flat (white noise ≈ 0.8, pink ≈ 0.6, voice 0.01–0.3)…
  public var maximumSpectralFlatness: Float = 0.45
  /// …but not as peaky as a pure tone or beep (≈ 1e-8); voice stays above ≈ 0.002.
  public var minimumSpectralFlatness: Float = 0.0005
  /// …and at least this share of its energy lies in the speech band 300–4000 Hz (hum ≈ 0, brown noise ≈ 0.05).
  public var minimumSpeechBandShare: Float = 0.08
  /// A segment's speech frames must span at least this many dB from quietest to loudest (speech rises and falls
  /// with every syllable; a fan or buzz switched on stays level).
  public var minimumLevelSwingDB: Float = 6
  /// The noise floor is the quietest frame level over this many seconds.
  public var noiseFloorWindow: Double = 2.0
  /// Silence at least this long (seconds) ends a segment.
  public var minPause: Double = 0.6
  /// Audio kept before and after the detected speech (seconds), never overlapping a neighbour.
  public var padding: Double = 0.2
  /// A segment needs at least this much speech (seconds of speech frames), so clicks and bumps are dropped.
  public var minSpeech: Double = 0.15
  /// Segments are split at their quietest point before they grow longer than this (seconds).
  public var maxSegment: Double = 25

  /// The defaults.
  public init() {}
}
