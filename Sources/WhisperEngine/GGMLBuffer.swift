import Foundation

/// Appends ggml model records to a growing byte buffer.
struct GGMLBuffer {
  enum TensorType: Int32 { case f32 = 0, f16 = 1, q8_0 = 8 }

  private(set) var data: Data

  init(capacity: Int) { data = Data(capacity: capacity) }

  mutating func int32(_ value: Int) {
    withUnsafeBytes(of: Int32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) { data.append(contentsOf: bytes) }
  mutating func append(_ bytes: [UInt8]) { data.append(contentsOf: bytes) }

  /// Writes one tensor record. `shape` is outermost-first (as in PyTorch); ggml wants it innermost-first.
  mutating func tensor(_ name: String, _ variable: CT2Variable, as type: TensorType, shape: [Int]? = nil) throws {
    let dims = shape ?? variable.shape
    let nameBytes = Array(name.utf8)
    int32(dims.count)
    int32(nameBytes.count)
    int32(Int(type.rawValue))
    for dim in dims.reversed() { int32(dim) }
    append(nameBytes)
    switch (variable.dataType, type) {
    case (.float16, .f16), (.float32, .f32):
      append(variable.data)
    case (.float16, .f32):
      appendConverted(variable.data, from: Float16.self, to: Float.self)
    case (.float32, .f16):
      appendConverted(variable.data, from: Float.self, to: Float16.self)
    case (.float16, .q8_0):
      try appendQuantized(variable.data, rowLength: dims.last ?? 0, name: variable.name)
    default:
      throw ModelFormatError("tensor \(variable.name) has type \(variable.dataType), which cannot become \(type)")
    }
  }

  /// ggml's Q8_0: blocks of 32 values along each row, each a float16 scale then 32 signed bytes.
  private mutating func appendQuantized(_ bytes: UnsafeRawBufferPointer, rowLength: Int, name: String) throws {
    let block = 32
    guard rowLength > 0, rowLength % block == 0 else {
      throw ModelFormatError("tensor \(name) has rows of \(rowLength) values, not a multiple of \(block)")
    }
    let count = bytes.count / MemoryLayout<Float16>.size
    var out = [UInt8](repeating: 0, count: count / block * (2 + block))
    var values = [Float](repeating: 0, count: block)
    for blockIndex in 0..<(count / block) {
      var largest: Float = 0
      for index in 0..<block {
        let value = Float(
          bytes.loadUnaligned(
            fromByteOffset: (blockIndex * block + index) * MemoryLayout<Float16>.size, as: Float16.self))
        values[index] = value
        largest = max(largest, abs(value))
      }
      let scale = largest / 127
      let inverse = scale > 0 ? 1 / scale : 0
      let base = blockIndex * (2 + block)
      withUnsafeBytes(of: Float16(scale).bitPattern.littleEndian) {
        out[base] = $0[0]; out[base + 1] = $0[1]
      }
      for index in 0..<block {
        out[base + 2 + index] = UInt8(bitPattern: Int8((values[index] * inverse).rounded()))
      }
    }
    data.append(contentsOf: out)
  }

  private mutating func appendConverted<From: BinaryFloatingPoint, To: BinaryFloatingPoint>(
    _ bytes: UnsafeRawBufferPointer, from: From.Type, to: To.Type
  ) {
    let count = bytes.count / MemoryLayout<From>.size
    var converted = [To](repeating: 0, count: count)
    for index in 0..<count {
      converted[index] = To(bytes.loadUnaligned(fromByteOffset: index * MemoryLayout<From>.size, as: From.self))
    }
    converted.withUnsafeBytes { data.append(contentsOf: $0) }
  }
}
