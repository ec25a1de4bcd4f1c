import Foundation

/// Loudness of a stretch of audio in dB relative to full scale.
public struct AudioLevel: Sendable, Hashable {
  /// The value reported for digital silence.
  public static let silenceDBFS: Float = -160

  /// Root-mean-square level; a full-scale square wave is 0, a full-scale sine -3.
  public var rmsDBFS: Float
  /// Largest absolute sample.
  public var peakDBFS: Float

  /// Wraps two levels in dBFS.
  public init(rmsDBFS: Float, peakDBFS: Float) {
    self.rmsDBFS = rmsDBFS
    self.peakDBFS = peakDBFS
  }

  /// The level of silence.
  public static let silence = AudioLevel(rmsDBFS: silenceDBFS, peakDBFS: silenceDBFS)

  /// The level of `samples` as one chunk.
  public init(of samples: [Float]) {
    var meter = LevelMeter()
    self = meter.process(samples)
  }

  /// The RMS level mapped to 0...1 for drawing a waveform bar: `floorDBFS` and below give 0, 0 dBFS gives 1.
  public func normalizedRMS(floorDBFS: Float = -60) -> Float {
    guard floorDBFS < 0 else { return rmsDBFS >= 0 ? 1 : 0 }
    return max(0, min(1, 1 - rmsDBFS / floorDBFS))
  }

  /// Converts an amplitude to dBFS, giving `silenceDBFS` for zero.
  public static func decibels(_ amplitude: Double) -> Float {
    guard amplitude > 0 else { return silenceDBFS }
    return max(silenceDBFS, Float(20 * log10(amplitude)))
  }
}

/// Measures each chunk's RMS and peak for level meters, and the running total since the start.
public struct LevelMeter: Sendable {
  private var sumOfSquares: Double = 0
  private var count = 0
  private var peak: Float = 0

  /// A meter that has seen nothing yet.
  public init() {}

  /// The level of everything processed so far (equal to measuring it all as one chunk).
  public var total: AudioLevel {
    guard count > 0 else { return .silence }
    return AudioLevel(
      rmsDBFS: AudioLevel.decibels((sumOfSquares / Double(count)).squareRoot()),
      peakDBFS: AudioLevel.decibels(Double(peak)))
  }

  /// Returns the level of `samples` and adds them to `total`.
  public mutating func process(_ samples: [Float]) -> AudioLevel {
    guard !samples.isEmpty else { return .silence }
    var squares: Double = 0
    var chunkPeak: Float = 0
    for sample in samples where sample.isFinite {
      squares += Double(sample * sample)
      chunkPeak = max(chunkPeak, abs(sample))
    }
    sumOfSquares += squares
    count += samples.count
    peak = max(peak, chunkPeak)
    return AudioLevel(
      rmsDBFS: AudioLevel.decibels((squares / Double(samples.count)).squareRoot()),
      peakDBFS: AudioLevel.decibels(Double(chunkPeak)))
  }

  /// Levels of consecutive windows of `windowSize` samples (the last may be shorter), e.g. for a waveform overview.
  public static func levels(of samples: [Float], windowSize: Int) -> [AudioLevel] {
    let size = max(1, windowSize)
    var meter = LevelMeter()
    return stride(from: 0, to: samples.count, by: size).map { start in
      meter.process(Array(samples[start..<min(samples.count, start + size)]))
    }
  }
}
