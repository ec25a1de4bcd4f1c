import Foundation

/// What the detector measures on each 10 ms frame.
struct FrameFeatures: Sendable, Hashable {
  /// Level of the 300–4000 Hz band over the latest 32 ms, in dBFS (a full-scale 1 kHz sine reads -3).
  var levelDBFS: Float
  /// Spectral flatness (geometric over arithmetic mean of power) between 300 and 4000 Hz, 0...1.
  var flatness: Float
  /// Share of the power (above DC) that lies between 300 and 4000 Hz, 0...1.
  var speechBandShare: Float
}

/// A 512-point Hann-windowed power spectrum of the latest 32 ms, and the features derived from it.
struct SpectrumAnalyzer: Sendable {
  static let size = 512
  private static let logSize = 9
  /// Bins covering 300–4000 Hz at 16 kHz (31.25 Hz per bin).
  private static let speechBins = 10...128

  private let window: [Float]
  private let cosines: [Float]
  private let sines: [Float]
  private let bitReversed: [Int]
  private var real = [Float](repeating: 0, count: size)
  private var imaginary = [Float](repeating: 0, count: size)
  /// Power spectra of the two previous frames, averaged with the current one (Welch) to steady noise estimates.
  private var previousPower = [Float](repeating: 0, count: size / 2)
  private var olderPower = [Float](repeating: 0, count: size / 2)

  init() {
    let n = Self.size
    window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
    cosines = (0..<(n / 2)).map { Float(cos(2 * Double.pi * Double($0) / Double(n))) }
    sines = (0..<(n / 2)).map { Float(-sin(2 * Double.pi * Double($0) / Double(n))) }
    bitReversed = (0..<n).map { index in
      var reversed = 0
      for bit in 0..<Self.logSize where index & (1 << bit) != 0 { reversed |= 1 << (Self.logSize - 1 - bit) }
      return reversed
    }
  }

  /// Features of the latest frame given the last 512 samples, oldest first.
  mutating func features(history: [Float]) -> FrameFeatures {
    let current = powerSpectrum(history)
    var power = current
    for k in 0..<power.count { power[k] = (current[k] + previousPower[k] + olderPower[k]) / 3 }
    olderPower = previousPower
    previousPower = current
    var bandSum: Float = 0
    var logSum: Float = 0
    var totalSum: Float = 0
    let epsilon: Float = 1e-10
    for k in 1..<(Self.size / 2) { totalSum += power[k] }
    for k in Self.speechBins {
      bandSum += power[k]
      logSum += log(power[k] + epsilon)
    }
    var currentBand: Float = 0
    for k in Self.speechBins { currentBand += current[k] }
    // Parseval for the one-sided spectrum of a Hann-windowed frame (the window keeps 0.375 of the power).
    let meanSquare = 2 * Double(currentBand) / (Double(Self.size * Self.size) * 0.375)
    let level = AudioLevel.decibels(meanSquare.squareRoot())
    let binCount = Float(Self.speechBins.count)
    let arithmetic = bandSum / binCount + epsilon
    let geometric = exp(logSum / binCount)
    return FrameFeatures(
      levelDBFS: level,
      flatness: min(1, geometric / arithmetic),
      speechBandShare: totalSum > epsilon ? bandSum / totalSum : 0)
  }

  /// Power of bins 0..<size/2 of the windowed samples (an in-place radix-2 FFT).
  private mutating func powerSpectrum(_ samples: [Float]) -> [Float] {
    let n = Self.size
    var power = [Float](repeating: 0, count: n / 2)
    real.withUnsafeMutableBufferPointer { re in
      imaginary.withUnsafeMutableBufferPointer { im in
        window.withUnsafeBufferPointer { window in
          bitReversed.withUnsafeBufferPointer { reversed in
            samples.withUnsafeBufferPointer { input in
              for i in 0..<n {
                re[reversed[i]] = input[i] * window[i]
                im[reversed[i]] = 0
              }
            }
          }
        }
        cosines.withUnsafeBufferPointer { cosines in
          sines.withUnsafeBufferPointer { sines in
            var span = 1
            while span < n {
              let twiddleStride = n / (2 * span)
              var group = 0
              while group < n {
                for k in 0..<span {
                  let c = cosines[k * twiddleStride]
                  let s = sines[k * twiddleStride]
                  let a = group + k
                  let b = a + span
                  let tr = re[b] * c - im[b] * s
                  let ti = re[b] * s + im[b] * c
                  re[b] = re[a] - tr
                  im[b] = im[a] - ti
                  re[a] += tr
                  im[a] += ti
                }
                group += 2 * span
              }
              span *= 2
            }
          }
        }
        for k in 0..<(n / 2) { power[k] = re[k] * re[k] + im[k] * im[k] }
      }
    }
    return power
  }
}
