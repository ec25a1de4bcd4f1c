/// Audio ready for speech engines: 16 kHz mono float samples plus what the source was.
public struct DecodedAudio: Sendable {
  /// The sample rate every decoded file is converted to.
  public static let sampleRate = 16_000

  /// 16 kHz mono samples in -1...1.
  public var samples: [Float]
  /// The source's sample rate in Hz (16000 when ffmpeg did the conversion).
  public var sourceSampleRate: Int
  /// The source's channel count (1 when ffmpeg did the conversion).
  public var sourceChannels: Int
  /// Length of `samples` in seconds.
  public var duration: Double
  /// How long the file's header says the audio is, when the file holds less (cut off by a crash); nil otherwise.
  public var declaredDuration: Double?

  /// One line for the user when the file was cut short, naming how much of it is there.
  public var truncationNotice: String? {
    declaredDuration.map {
      let shown = String(format: "its header declares %.1f s of audio, %.1f s are there", $0, duration)
      return "the file is truncated: \(shown); transcribing those"
    }
  }

  /// Wraps 16 kHz mono samples; `duration` follows from their count.
  public init(samples: [Float], sourceSampleRate: Int, sourceChannels: Int) {
    self.samples = samples
    self.sourceSampleRate = sourceSampleRate
    self.sourceChannels = sourceChannels
    self.duration = Double(samples.count) / Double(Self.sampleRate)
  }
}
