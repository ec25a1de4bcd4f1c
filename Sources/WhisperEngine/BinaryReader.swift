import Foundation

/// Why a model file could not be read.
public struct ModelFormatError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

/// Reads little-endian values from a byte buffer, checking every bound.
struct BinaryReader {
  private let bytes: UnsafeRawBufferPointer
  private(set) var offset: Int = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var remaining: Int { bytes.count - offset }
  var isAtEnd: Bool { offset >= bytes.count }

  mutating func read<T: FixedWidthInteger>(_: T.Type, _ what: @autoclosure () -> String) throws -> T {
    let size = MemoryLayout<T>.size
    guard remaining >= size else { throw ModelFormatError("truncated while reading \(what())") }
    let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
    offset += size
    return T(littleEndian: value)
  }

  mutating func readBytes(_ count: Int, _ what: @autoclosure () -> String) throws -> UnsafeRawBufferPointer {
    guard count >= 0, remaining >= count else { throw ModelFormatError("truncated while reading \(what())") }
    let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    offset += count
    return slice
  }

  /// A u16-length-prefixed string, NUL padding removed.
  mutating func readShortString(_ what: @autoclosure () -> String) throws -> String {
    let length = Int(try read(UInt16.self, what()))
    let raw = try readBytes(length, what())
    let trimmed = raw.prefix { $0 != 0 }
    return String(decoding: trimmed, as: UTF8.self)
  }
}
