import Foundation

/// A polyphase table of Kaiser-windowed sinc taps for converting `inputRate` to `outputRate`.
///
/// The low-pass cutoff sits below the lower of the two Nyquist frequencies: the passband ends at 84 % of it and
/// the stopband (80 dB down) starts at it, so nothing above the output's Nyquist folds back into speech.
struct ResamplingFilter: Sendable {
  /// Each output advances the input position by `step / interpolation` input samples.
  let step: Int
  /// Number of distinct fractional positions; equals the reduced output rate unless that is very large.
  let interpolation: Int
  /// Phases actually tabulated (≤ `interpolation`).
  let phaseCount: Int
  /// Taps on each side of the output position, in input samples.
  let halfWidth: Int
  /// `phaseCount` rows of `2 * halfWidth` taps.
  let taps: [Float]

  var tapsPerPhase: Int { 2 * halfWidth }

  /// The most phases tabulated; rate pairs needing more use the phase just before the exact position.
  static let maximumPhases = 4_096
  /// The most taps kept in one table (1 MB of floats).
  static let tableBudget = 262_144

  init(inputRate: Int, outputRate: Int) {
    let divisor = greatestCommonDivisor(inputRate, outputRate)
    interpolation = outputRate / divisor
    step = inputRate / divisor

    let attenuation = 80.0
    let lowerNyquist = Double(min(inputRate, outputRate)) / 2
    let passbandEdge = 0.84 * lowerNyquist
    let cutoff = (passbandEdge + lowerNyquist) / 2 / Double(inputRate)
    let transition = (lowerNyquist - passbandEdge) / Double(inputRate)
    let length = (attenuation - 8) / (2.285 * 2 * Double.pi * transition)
    // NB: a multiple of 4, so each phase's taps fill whole 8-wide SIMD vectors.
    halfWidth = max(4, (Int((length / 2).rounded(.up)) + 3) / 4 * 4)
    // NB: very high input rates need long filters but few phases (each phase step is a tiny fraction of time).
    phaseCount = min(interpolation, Self.maximumPhases, max(64, Self.tableBudget / (2 * halfWidth)))
    let beta = 0.1102 * (attenuation - 8.7)
    let windowNorm = besselI0(beta)

    var table = [Float]()
    table.reserveCapacity(phaseCount * 2 * halfWidth)
    for phase in 0..<phaseCount {
      let fraction = Double(phase) / Double(phaseCount)
      var row = [Double]()
      row.reserveCapacity(2 * halfWidth)
      for j in 0..<(2 * halfWidth) {
        let x = Double(j - halfWidth + 1) - fraction
        let ratio = x / Double(halfWidth)
        let window = abs(ratio) >= 1 ? 0 : besselI0(beta * (1 - ratio * ratio).squareRoot()) / windowNorm
        row.append(2 * cutoff * sinc(2 * cutoff * x) * window)
      }
      // NB: each phase is scaled to unit DC gain, which removes the tiny gain ripple between phases.
      let sum = row.reduce(0, +)
      table.append(contentsOf: row.map { Float($0 / sum) })
    }
    taps = table
  }
}

private func sinc(_ x: Double) -> Double {
  x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
}

/// Modified Bessel function of the first kind, order 0, by its power series.
private func besselI0(_ x: Double) -> Double {
  var sum = 1.0
  var term = 1.0
  let half = x / 2
  for k in 1..<64 {
    term *= (half / Double(k)) * (half / Double(k))
    sum += term
    if term < sum * 1e-17 { break }
  }
  return sum
}

func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (a, b)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
