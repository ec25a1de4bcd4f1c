import Foundation

/// Encodes float samples as a 16-bit PCM WAV file, the upload format every speech API accepts.
public enum WAVEncoder {
  /// A mono 16-bit little-endian PCM WAV of `samples` (clipped to -1...1) at `sampleRate`.
  public static func encode(_ samples: [Float], sampleRate: Int) -> Data {
    let dataBytes = samples.count * 2
    var data = Data(capacity: 44 + dataBytes)
    func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    append("RIFF")
    append32(UInt32(truncatingIfNeeded: 36 + dataBytes))
    append("WAVE")
    append("fmt ")
    append32(16)
    append16(1)  // PCM
    append16(1)  // mono
    append32(UInt32(sampleRate))
    append32(UInt32(sampleRate * 2))  // bytes per second
    append16(2)  // bytes per frame
    append16(16)  // bits per sample
    append("data")
    append32(UInt32(truncatingIfNeeded: dataBytes))
    var pcm = [Int16](repeating: 0, count: samples.count)
    for (index, sample) in samples.enumerated() {
      let clipped = sample.isFinite ? max(-1, min(1, sample)) : 0
      pcm[index] = Int16((clipped * 32767).rounded())
    }
    pcm.withUnsafeBufferPointer { buffer in
      for value in buffer { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    }
    return data
  }
}
