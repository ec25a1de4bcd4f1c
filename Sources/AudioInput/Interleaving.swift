/// Separate channels of float samples as one interleaved array, frame by frame: how the microphone's taps (one
/// buffer per channel) reach `StreamingConverter`, which takes interleaved frames.
public enum Interleaving {
  /// `channels` (each holding the same number of frames) interleaved; one channel comes back as it is.
  public static func interleave(_ channels: [UnsafeBufferPointer<Float>]) -> [Float] {
    guard let first = channels.first else { return [] }
    if channels.count == 1 { return Array(first) }
    let frames = channels.map(\.count).min() ?? 0
    var samples = [Float](repeating: 0, count: frames * channels.count)
    for (index, channel) in channels.enumerated() {
      for frame in 0..<frames { samples[frame * channels.count + index] = channel[frame] }
    }
    return samples
  }
}
