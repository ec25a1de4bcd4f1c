import Foundation

/// Appends ggml model records to a growing byte buffer.
struct GGMLBuffer {
  enum TensorType: Int32 { case f32 = 0, f16 = 1 }

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
    default:
      throw ModelFormatError("tensor \(variable.name) has type \(variable.dataType), which cannot become \(type)")
    }
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
