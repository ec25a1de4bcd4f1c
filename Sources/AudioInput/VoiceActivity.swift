/// A speech segment together with its samples.
public struct SpeechClip: Sendable {
  /// Where the clip lies in the source.
  public var segment: SpeechSegment
  /// The 16 kHz samples of `segment`.
  public var samples: [Float]
}

/// Whole-buffer helpers over `VoiceActivityDetector` for callers that already hold all the audio.
public enum VoiceActivity {
  /// The speech segments of 16 kHz mono `samples`, padded, in order and non-overlapping.
  public static func speechSegments(in samples: [Float], configuration: VADConfiguration = .init()) -> [SpeechSegment] {
    var detector = VoiceActivityDetector(configuration: configuration)
    return detector.process(samples) + detector.finish()
  }

  /// Only the voiced parts of `samples`, each with its samples, so silence is never sent to an engine.
  public static func speechClips(in samples: [Float], configuration: VADConfiguration = .init()) -> [SpeechClip] {
    speechSegments(in: samples, configuration: configuration).map { segment in
      let lower = max(0, min(samples.count, segment.startSample))
      let upper = max(lower, min(samples.count, segment.endSample))
      return SpeechClip(segment: segment, samples: Array(samples[lower..<upper]))
    }
  }
}
