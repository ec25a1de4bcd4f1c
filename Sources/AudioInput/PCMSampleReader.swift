/// Turns WAV sample bytes into interleaved floats in -1...1.
enum PCMSampleReader {
  /// Appends `frameCount` frames starting at byte `offset` to `output` as interleaved floats.
  static func read(
    _ bytes: UnsafeRawBufferPointer, at offset: Int, frames frameCount: Int, header: WAVHeader,
    into output: inout [Float]
  ) {
    let count = frameCount * header.channels
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(count)
    switch header.encoding {
    case .unsignedInt8:
      for i in 0..<count { output.append((Float(bytes[offset + i]) - 128) / 128) }
    case .signedInt16:
      for i in 0..<count {
        let v = Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 2 * i, as: Int16.self))
        output.append(Float(v) / 32_768)
      }
    case .signedInt24:
      for i in 0..<count {
        let p = offset + 3 * i
        let raw = Int32(bytes[p]) | Int32(bytes[p + 1]) << 8 | Int32(bytes[p + 2]) << 16
        let signed = (raw << 8) >> 8
        output.append(Float(signed) / 8_388_608)
      }
    case .signedInt32:
      for i in 0..<count {
        let v = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4 * i, as: Int32.self))
        output.append(Float(Double(v) / 2_147_483_648))
      }
    case .float32:
      for i in 0..<count {
        let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4 * i, as: UInt32.self))
        output.append(finite(Float(bitPattern: bits)))
      }
    case .float64:
      for i in 0..<count {
        let bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8 * i, as: UInt64.self))
        output.append(finite(Float(Double(bitPattern: bits))))
      }
    case .aLaw:
      for i in 0..<count { output.append(Float(G711.aLaw(bytes[offset + i])) / 32_768) }
    case .muLaw:
      for i in 0..<count { output.append(Float(G711.muLaw(bytes[offset + i])) / 32_768) }
    }
  }

  /// NaN and infinities in float files become silence rather than poisoning the filter.
  private static func finite(_ value: Float) -> Float {
    value.isFinite ? value : 0
  }
}

/// The ITU-T G.711 companding laws used by telephone WAV files.
enum G711 {
  /// Expands one A-law byte to a 16-bit linear value.
  static func aLaw(_ byte: UInt8) -> Int16 {
    let value = byte ^ 0x55
    let exponent = Int32((value >> 4) & 0x07)
    var magnitude = Int32(value & 0x0F) << 4 + 8
    if exponent > 0 { magnitude = (magnitude + 0x100) << (exponent - 1) }
    return Int16(value & 0x80 != 0 ? magnitude : -magnitude)
  }

  /// Expands one µ-law byte to a 16-bit linear value.
  static func muLaw(_ byte: UInt8) -> Int16 {
    let value = ~byte
    let exponent = Int32((value >> 4) & 0x07)
    let magnitude = ((Int32(value & 0x0F) << 3) + 0x84) << exponent - 0x84
    return Int16(value & 0x80 != 0 ? -magnitude : magnitude)
  }
}
