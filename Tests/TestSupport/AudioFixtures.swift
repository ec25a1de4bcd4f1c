import Foundation

/// Deterministic test signals: tones, noise, clicks and helpers to measure them.
public enum AudioSignals {
  /// A sine of `frequency` Hz and `amplitude`, `duration` seconds long at `sampleRate`.
  public static func sine(frequency: Double, amplitude: Float = 1, duration: Double, sampleRate: Int) -> [Float] {
    let count = Int(duration * Double(sampleRate))
    return (0..<count).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
  }

  /// A square wave alternating between `amplitude` and `-amplitude`.
  public static func square(frequency: Double, amplitude: Float = 1, duration: Double, sampleRate: Int) -> [Float] {
    let count = Int(duration * Double(sampleRate))
    let period = Double(sampleRate) / frequency
    return (0..<count).map { fmod(Double($0), period) < period / 2 ? amplitude : -amplitude }
  }

  /// Uniform white noise with RMS `rms`, reproducible from `seed`.
  public static func whiteNoise(rms: Float, duration: Double, sampleRate: Int = 16_000, seed: UInt64 = 1) -> [Float] {
    var random = SeededRandom(seed: seed)
    let scale = rms * Float(3.0.squareRoot())
    return (0..<Int(duration * Double(sampleRate))).map { _ in scale * Float(random.nextUnit() * 2 - 1) }
  }

  /// Pink (1/f) noise from Paul Kellet's filter over white noise, scaled to RMS `rms`.
  public static func pinkNoise(rms: Float, duration: Double, sampleRate: Int = 16_000, seed: UInt64 = 2) -> [Float] {
    var random = SeededRandom(seed: seed)
    var b = [Double](repeating: 0, count: 7)
    var output = (0..<Int(duration * Double(sampleRate))).map { _ -> Float in
      let white = random.nextUnit() * 2 - 1
      b[0] = 0.99886 * b[0] + white * 0.0555179
      b[1] = 0.99332 * b[1] + white * 0.0750759
      b[2] = 0.96900 * b[2] + white * 0.1538520
      b[3] = 0.86650 * b[3] + white * 0.3104856
      b[4] = 0.55000 * b[4] + white * 0.5329522
      b[5] = -0.7616 * b[5] - white * 0.0168980
      let pink = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
      b[6] = white * 0.115926
      return Float(pink)
    }
    scale(&output, toRMS: rms)
    return output
  }

  /// Mains hum: `frequency` Hz with its 2nd and 3rd harmonics, scaled to RMS `rms`.
  public static func hum(frequency: Double = 50, rms: Float, duration: Double, sampleRate: Int = 16_000) -> [Float] {
    var output = (0..<Int(duration * Double(sampleRate))).map { i -> Float in
      let t = Double(i) / Double(sampleRate)
      let w = 2 * Double.pi * frequency * t
      return Float(sin(w) + 0.5 * sin(2 * w) + 0.25 * sin(3 * w))
    }
    scale(&output, toRMS: rms)
    return output
  }

  /// `count` zero samples.
  public static func silence(duration: Double, sampleRate: Int = 16_000) -> [Float] {
    [Float](repeating: 0, count: Int(duration * Double(sampleRate)))
  }

  /// Root-mean-square of `samples`.
  public static func rms<C: Collection>(_ samples: C) -> Float where C.Element == Float {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(Float(0)) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
  }

  /// Scales `samples` in place so their RMS is `target`.
  public static func scale(_ samples: inout [Float], toRMS target: Float) {
    let current = rms(samples)
    guard current > 0 else { return }
    let factor = target / current
    for i in samples.indices { samples[i] *= factor }
  }

  /// The amplitude of the `frequency` component of `samples` (a single-bin DFT, exact for whole periods).
  public static func amplitude(of frequency: Double, in samples: [Float], sampleRate: Int) -> Double {
    var re = 0.0
    var im = 0.0
    for (i, s) in samples.enumerated() {
      let phase = 2 * Double.pi * frequency * Double(i) / Double(sampleRate)
      re += Double(s) * cos(phase)
      im -= Double(s) * sin(phase)
    }
    return 2 * (re * re + im * im).squareRoot() / Double(samples.count)
  }

  /// Splits `samples` into consecutive pieces of random lengths in `sizes`.
  public static func randomChunks(_ samples: [Float], sizes: ClosedRange<Int>, seed: UInt64) -> [[Float]] {
    var random = SeededRandom(seed: seed)
    var chunks: [[Float]] = []
    var start = 0
    while start < samples.count {
      let size = sizes.lowerBound + Int(random.next() % UInt64(sizes.count))
      chunks.append(Array(samples[start..<min(samples.count, start + size)]))
      start += size
    }
    return chunks
  }
}

/// SplitMix64: a tiny reproducible random generator for test signals.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0..<1.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }
}
