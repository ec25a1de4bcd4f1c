import Foundation

/// Builds WAV files byte by byte, including odd, broken and exotic ones.
public struct AudioWAVBytes {
  public var data = Data()

  public init() {}

  /// Appends raw bytes.
  public mutating func bytes(_ values: [UInt8]) { data.append(contentsOf: values) }
  /// Appends ASCII text such as a chunk id.
  public mutating func ascii(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
  /// Appends a little-endian UInt16.
  public mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
  /// Appends a little-endian UInt32.
  public mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }

  /// Appends `RIFF <size> WAVE` (the size is not checked by decoders; pass what you like).
  public mutating func riffHeader(size: UInt32 = 0) {
    ascii("RIFF"); u32(size); ascii("WAVE")
  }

  /// Appends a 16-byte `fmt ` chunk.
  public mutating func formatChunk(tag: UInt16, channels: UInt16, sampleRate: UInt32, bits: UInt16) {
    let blockAlign = channels * max(1, bits / 8)
    ascii("fmt "); u32(16); u16(tag); u16(channels); u32(sampleRate)
    u32(sampleRate &* UInt32(blockAlign)); u16(blockAlign); u16(bits)
  }

  /// Appends a 40-byte WAVE_FORMAT_EXTENSIBLE `fmt ` chunk whose subformat GUID starts with `subformat`.
  public mutating func extensibleFormatChunk(
    subformat: UInt16, channels: UInt16, sampleRate: UInt32, containerBits: UInt16, validBits: UInt16
  ) {
    let blockAlign = channels * (containerBits / 8)
    ascii("fmt "); u32(40); u16(0xFFFE); u16(channels); u32(sampleRate)
    u32(sampleRate * UInt32(blockAlign)); u16(blockAlign); u16(containerBits)
    u16(22); u16(validBits); u32(channels == 2 ? 3 : 4)
    u16(subformat)
    bytes([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
  }

  /// Appends a chunk with `id` and `body`, plus the RIFF pad byte when the body is odd-sized.
  public mutating func chunk(_ id: String, _ body: [UInt8], pad: Bool = true) {
    ascii(id); u32(UInt32(body.count)); bytes(body)
    if pad && body.count % 2 == 1 { bytes([0]) }
  }

  /// Appends a `data` chunk header declaring `size` bytes, then `body`.
  public mutating func dataChunk(declaring size: UInt32, _ body: [UInt8]) {
    ascii("data"); u32(size); bytes(body)
  }

  /// Little-endian 16-bit PCM bytes of `samples`.
  public static func int16Bytes(_ samples: [Float]) -> [UInt8] {
    samples.flatMap { sample -> [UInt8] in
      let v = Int16(max(-1, min(1, sample)) * 32_767)
      return [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
    }
  }
}
