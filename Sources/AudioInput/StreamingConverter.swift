/// Converts interleaved audio at any rate and channel count to 16 kHz mono, chunk by chunk.
///
/// Feeding a signal in chunks of any size gives exactly the samples that feeding it at once gives.
public struct StreamingConverter: Sendable {
  /// The source's sample rate in Hz.
  public let sourceSampleRate: Int
  /// The source's channel count.
  public let channels: Int

  private let filter: ResamplingFilter?
  /// Samples of an incomplete frame left over from the last chunk.
  private var partialFrame: [Float] = []
  /// Mono input still needed by upcoming outputs; `history[0]` is input sample `historyStart`.
  private var history: [Float] = []
  private var historyStart = 0
  private var received = 0
  /// Input index at or before the next output position, and that position's fractional part in `1/interpolation`.
  private var nextBase = 0
  private var nextPhase = 0

  /// Prepares a converter for `channels` interleaved channels at `sourceSampleRate` Hz (1 kHz to 1.536 MHz;
  /// rates outside are clamped into that range, channel counts below 1 count as 1).
  public init(sourceSampleRate: Int, channels: Int) {
    self.sourceSampleRate = min(max(sourceSampleRate, supportedSampleRates.lowerBound), supportedSampleRates.upperBound)
    self.channels = max(1, channels)
    if self.sourceSampleRate == DecodedAudio.sampleRate {
      filter = nil
    } else {
      let filter = ResamplingFilter(inputRate: self.sourceSampleRate, outputRate: DecodedAudio.sampleRate)
      self.filter = filter
      history = Array(repeating: 0, count: filter.halfWidth - 1)
      historyStart = -(filter.halfWidth - 1)
    }
  }

  /// Takes interleaved samples (any count, frames may straddle chunks) and returns the 16 kHz mono samples now ready.
  public mutating func process(_ interleaved: [Float]) -> [Float] {
    let mono = downmix(interleaved)
    guard let filter else { return mono }
    history.append(contentsOf: mono)
    received += mono.count
    return resample(filter, until: received)
  }

  /// Flushes the filter's tail and returns the last samples; the converter then starts afresh.
  public mutating func finish() -> [Float] {
    defer { self = StreamingConverter(sourceSampleRate: sourceSampleRate, channels: channels) }
    guard let filter else { return [] }
    history.append(contentsOf: repeatElement(0, count: filter.halfWidth))
    return resample(filter, until: received + filter.halfWidth, stopBefore: received)
  }

  /// Averages each frame's channels; non-finite values count as silence.
  private mutating func downmix(_ interleaved: [Float]) -> [Float] {
    if channels == 1 && partialFrame.isEmpty { return interleaved.map { $0.isFinite ? $0 : 0 } }
    let samples = partialFrame.isEmpty ? interleaved : partialFrame + interleaved
    let frameCount = samples.count / channels
    partialFrame = Array(samples[(frameCount * channels)...])
    var mono = [Float](repeating: 0, count: frameCount)
    let scale = 1 / Float(channels)
    samples.withUnsafeBufferPointer { source in
      for frame in 0..<frameCount {
        var sum: Float = 0
        for channel in 0..<channels {
          let value = source[frame * channels + channel]
          sum += value.isFinite ? value : 0
        }
        mono[frame] = sum * scale
      }
    }
    return mono
  }

  /// Computes every output whose taps lie below input index `available` (and whose position is below `stopBefore`).
  private mutating func resample(_ filter: ResamplingFilter, until available: Int, stopBefore: Int = .max) -> [Float] {
    var output = [Float]()
    let width = filter.tapsPerPhase
    let halfWidth = filter.halfWidth
    let step = filter.step
    let interpolation = filter.interpolation
    let phaseCount = filter.phaseCount
    var base = nextBase
    var phase = nextPhase
    let start = historyStart
    output.reserveCapacity(max(0, (available - base) * interpolation / step + 1))
    history.withUnsafeBytes { samples in
      filter.taps.withUnsafeBytes { taps in
        let vectorBytes = MemoryLayout<SIMD8<Float>>.size
        let floatBytes = MemoryLayout<Float>.size
        while base + halfWidth < available && base < stopBefore {
          let first = (base - halfWidth + 1 - start) * floatBytes
          let row = (phaseCount == interpolation ? phase : phase * phaseCount / interpolation) * width * floatBytes
          var sum = SIMD8<Float>()
          var offset = 0
          while offset < width * floatBytes {
            let x = samples.loadUnaligned(fromByteOffset: first + offset, as: SIMD8<Float>.self)
            let h = taps.loadUnaligned(fromByteOffset: row + offset, as: SIMD8<Float>.self)
            sum += x * h
            offset += vectorBytes
          }
          output.append(sum.sum())
          phase += step
          base += phase / interpolation
          phase %= interpolation
        }
      }
    }
    nextBase = base
    nextPhase = phase
    let unneeded = nextBase - halfWidth + 1 - historyStart
    if unneeded > 4_096 {
      history.removeFirst(unneeded)
      historyStart += unneeded
    }
    return output
  }
}
