import Foundation

/// The audio frames of the live WebSocket: 16 kHz mono signed 16-bit little-endian PCM.
public enum LivePCM {
  /// The sample rate the server expects.
  public static let sampleRate = 16_000

  /// Encodes samples in -1...1 (clipped) as little-endian 16-bit PCM.
  public static func encode(_ samples: [Float]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(samples.count * 2)
    for sample in samples {
      let value = Int16((max(-1, min(1, sample)) * 32767).rounded())
      let bits = UInt16(bitPattern: value)
      bytes.append(UInt8(bits & 0xff))
      bytes.append(UInt8(bits >> 8))
    }
    return bytes
  }

  /// Decodes little-endian 16-bit PCM; nil when the byte count is odd (not whole samples).
  public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Float]? {
    guard bytes.count % 2 == 0 else { return nil }
    var samples: [Float] = []
    samples.reserveCapacity(bytes.count / 2)
    var iterator = bytes.makeIterator()
    while let low = iterator.next(), let high = iterator.next() {
      samples.append(Float(Int16(bitPattern: UInt16(low) | UInt16(high) << 8)) / 32768)
    }
    return samples
  }
}
