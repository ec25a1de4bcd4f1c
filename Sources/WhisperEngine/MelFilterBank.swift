import Foundation

/// The mel filter bank Whisper was trained with: Slaney mel scale, Slaney area normalisation
/// (librosa's defaults), for 16 kHz audio and a 400-point FFT.
enum MelFilterBank {
  /// `melCount` rows of `fftSize / 2 + 1` weights, row-major.
  static func weights(melCount: Int, sampleRate: Double = 16_000, fftSize: Int = 400) -> [Float] {
    let binCount = fftSize / 2 + 1
    let nyquist = sampleRate / 2
    let fftFrequencies = (0..<binCount).map { Double($0) * nyquist / Double(binCount - 1) }
    let lowMel = hertzToMel(0)
    let highMel = hertzToMel(nyquist)
    let edges = (0..<(melCount + 2)).map {
      melToHertz(lowMel + (highMel - lowMel) * Double($0) / Double(melCount + 1))
    }
    var weights = [Float](repeating: 0, count: melCount * binCount)
    for mel in 0..<melCount {
      let left = edges[mel]
      let center = edges[mel + 1]
      let right = edges[mel + 2]
      let normalisation = 2 / (right - left)
      for bin in 0..<binCount {
        let frequency = fftFrequencies[bin]
        let rising = (frequency - left) / (center - left)
        let falling = (right - frequency) / (right - center)
        let weight = max(0, min(rising, falling))
        weights[mel * binCount + bin] = Float(weight * normalisation)
      }
    }
    return weights
  }

  // Slaney's scale: linear below 1 kHz (3 mels per 200 Hz), logarithmic above.
  private static let linearStep = 200.0 / 3
  private static let breakHertz = 1_000.0
  private static let breakMel = breakHertz / linearStep
  private static let logStep = log(6.4) / 27

  static func hertzToMel(_ hertz: Double) -> Double {
    hertz < breakHertz ? hertz / linearStep : breakMel + log(hertz / breakHertz) / logStep
  }

  static func melToHertz(_ mel: Double) -> Double {
    mel < breakMel ? mel * linearStep : breakHertz * exp(logStep * (mel - breakMel))
  }
}
