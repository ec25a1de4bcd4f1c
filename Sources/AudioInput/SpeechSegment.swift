/// A stretch of speech in a 16 kHz stream, in samples counted from the stream's start.
public struct SpeechSegment: Sendable, Hashable {
  /// First sample of the segment (padding included).
  public var startSample: Int
  /// One past the last sample of the segment (padding included).
  public var endSample: Int

  /// Wraps a sample range.
  public init(startSample: Int, endSample: Int) {
    self.startSample = startSample
    self.endSample = endSample
  }

  /// Start time in seconds.
  public var start: Double { Double(startSample) / Double(DecodedAudio.sampleRate) }
  /// End time in seconds.
  public var end: Double { Double(endSample) / Double(DecodedAudio.sampleRate) }
  /// Length in seconds.
  public var duration: Double { end - start }
  /// Number of samples.
  public var sampleCount: Int { endSample - startSample }
}
