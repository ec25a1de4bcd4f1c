import AudioInput

/// Cuts speech on pauses with the voice activity detector (spectral and level cues, adaptive noise floor).
public struct VoiceActivitySegmenter: SpeechSegmenter {
  private var detector: VoiceActivityDetector

  public init(configuration: VADConfiguration = VADConfiguration()) {
    detector = VoiceActivityDetector(configuration: configuration)
  }

  public mutating func process(_ samples: [Float]) -> [Range<Int>] {
    detector.process(samples).map { $0.startSample..<$0.endSample }
  }

  public mutating func finish() -> [Range<Int>] {
    detector.finish().map { $0.startSample..<$0.endSample }
  }
}
