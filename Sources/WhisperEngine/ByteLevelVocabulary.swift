/// GPT-2's byte-level BPE spells every byte as a printable character; Whisper's vocabulary text uses those
/// spellings. This maps them back to the bytes whisper.cpp expects.
enum ByteLevelVocabulary {
  /// Printable character (as a Unicode scalar value) → the byte it stands for.
  static let byteForScalar: [UInt32: UInt8] = {
    var printable =
      Array(UInt32(33)...UInt32(126)) + Array(UInt32(161)...UInt32(172)) + Array(UInt32(174)...UInt32(255))
    var scalars = printable
    var extra: UInt32 = 0
    for byte in UInt32(0)..<256 where !printable.contains(byte) {
      printable.append(byte)
      scalars.append(256 + extra)
      extra += 1
    }
    var table: [UInt32: UInt8] = [:]
    for (byte, scalar) in zip(printable, scalars) { table[scalar] = UInt8(byte) }
    return table
  }()

  /// The raw bytes of a token written in byte-level form; nil if it holds a character outside the table.
  static func bytes(of token: Substring) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(token.unicodeScalars.count)
    for scalar in token.unicodeScalars {
      guard let byte = byteForScalar[scalar.value] else { return nil }
      result.append(byte)
    }
    return result
  }
}
