import Foundation

/// What a whisper.cpp model file (the legacy ggml format of its `ggml-*.bin` models) declares, read from its header
/// and its tensors' headers without reading their weights: the file is mapped and only the pages holding headers are
/// touched, so a 3 GB model is checked in milliseconds. whisper.cpp's own loader remains the judge when it is loaded.
public struct GGMLModelFile: Sendable, Hashable, Codable {
  public var vocabularySize: Int
  public var audioLayers: Int
  public var audioState: Int
  public var textLayers: Int
  public var textState: Int
  public var melCount: Int
  /// ggml's file type (`ftype`): what most weights are stored as.
  public var fileType: Int
  public var tensorCount: Int
  public var bytes: Int64

  /// whisper.cpp reads a model as multilingual when its vocabulary has 51,865 tokens or more.
  public var isEnglishOnly: Bool { vocabularySize < 51_865 }

  /// The size whisper.cpp names by the encoder's layers (tiny 4, base 6, small 12, medium 24, large 32).
  public var sizeName: String {
    let names = [4: "tiny", 6: "base", 12: "small", 24: "medium", 32: "large"]
    let name = names[audioLayers] ?? "\(audioLayers)-layer"
    return audioLayers == 32 && textLayers == 4 ? "large-v3-turbo" : name
  }

  /// The weights' type as whisper.cpp's quantize tool names it.
  public var weights: String {
    let names = [
      0: "f32", 1: "f16", 2: "q4_0", 3: "q4_1", 7: "q8_0", 8: "q5_0", 9: "q5_1", 10: "q2_k", 11: "q3_k", 12: "q4_k",
      13: "q5_k", 14: "q6_k",
    ]
    return names[fileType % 1000] ?? "type \(fileType)"
  }

  /// One line: "Whisper base, English only, q5_1, 57 MB".
  public var summary: String {
    let megabytes = (Double(bytes) / 1_000_000).rounded()
    return "Whisper \(sizeName), \(isEnglishOnly ? "English only" : "multilingual"), \(weights), \(Int(megabytes)) MB"
  }

  /// Reads `url`'s headers; throws `GGMLFileError` saying in one line what is wrong with anything else.
  public static func inspect(_ url: URL) throws -> GGMLModelFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw GGMLFileError("there is no such file")
    }
    guard !isDirectory.boolValue else { throw GGMLFileError("it is a folder, not a file") }
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw GGMLFileError("it cannot be read (\(error.localizedDescription))")
    }
    return try data.withUnsafeBytes { try read(GGMLReader(bytes: $0)) }
  }

  static let magic: UInt32 = 0x6767_6d6c

  private static func read(_ reader: GGMLReader) throws -> GGMLModelFile {
    var reader = reader
    let total = reader.bytes.count
    guard total > 0 else { throw GGMLFileError("it is empty") }
    let first = reader.bytes.count >= 4 ? reader.bytes.loadUnaligned(as: UInt32.self) : 0
    guard UInt32(littleEndian: first) == magic else { throw GGMLFileError(otherFormat(reader.bytes)) }
    reader.offset = 4
    reader.region = "its header"
    var values: [Int] = []
    for _ in 0..<11 { values.append(Int(try reader.int32())) }
    var file = GGMLModelFile(
      vocabularySize: values[0], audioLayers: values[4], audioState: values[2], textLayers: values[8],
      textState: values[6], melCount: values[9], fileType: values[10], tensorCount: 0, bytes: Int64(total))
    try checkHyperParameters(values)

    reader.region = "its mel filters"
    let filterRows = try reader.int32()
    let filterColumns = try reader.int32()
    guard filterRows == file.melCount, (1...4_096).contains(filterColumns) else {
      throw GGMLFileError(
        "its mel filters are \(filterRows) × \(filterColumns); the header declares \(file.melCount) mels")
    }
    try reader.skip(Int(filterRows) * Int(filterColumns) * 4)

    reader.region = "its vocabulary"
    let tokens = try reader.int32()
    guard (0...file.vocabularySize).contains(Int(tokens)) else {
      throw GGMLFileError("its vocabulary lists \(tokens) tokens; the header declares \(file.vocabularySize)")
    }
    for _ in 0..<tokens {
      let length = try reader.int32()
      guard (0...1_024).contains(length) else { throw GGMLFileError("a vocabulary token is \(length) bytes long") }
      try reader.skip(Int(length))
    }

    // NB: as whisper.cpp's loader, tensors follow one another to the end of the file.
    while !reader.isAtEnd {
      file.tensorCount += 1
      try readTensor(&reader, index: file.tensorCount)
    }
    let expected = 7 + 15 * file.audioLayers + 4 + 24 * file.textLayers
    guard file.tensorCount == expected else {
      throw GGMLFileError(
        "it holds \(file.tensorCount) tensors where a Whisper model of \(file.audioLayers) + \(file.textLayers) layers has \(expected)"
      )
    }
    return file
  }

  /// n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head,
  /// n_text_layer, n_mels, ftype: each within what any Whisper model has, with room to spare.
  private static func checkHyperParameters(_ values: [Int]) throws {
    let limits: [(String, ClosedRange<Int>)] = [
      ("vocabulary size", 1_000...1_000_000), ("audio context", 1...100_000), ("audio state", 1...100_000),
      ("audio heads", 1...1_024), ("audio layers", 1...1_024), ("text context", 1...100_000),
      ("text state", 1...100_000), ("text heads", 1...1_024), ("text layers", 1...1_024), ("mel count", 1...1_024),
    ]
    for (index, (name, range)) in limits.enumerated() where !range.contains(values[index]) {
      throw GGMLFileError("its header's \(name) is \(values[index]), which no Whisper model has")
    }
    guard values[2] % values[3] == 0, values[6] % values[7] == 0 else {
      throw GGMLFileError("its header's attention heads do not divide its state sizes")
    }
    guard GGMLTensorType.fileTypes.contains(values[10] % 1000) else {
      throw GGMLFileError(
        "its header declares weights of ggml file type \(values[10]), which whisper.cpp does not read")
    }
  }

  private static func readTensor(_ reader: inout GGMLReader, index: Int) throws {
    reader.region = "the header of tensor \(index)"
    let dimensions = try reader.int32()
    let nameLength = try reader.int32()
    let typeValue = try reader.int32()
    guard (1...4).contains(dimensions), (1...256).contains(nameLength) else {
      throw GGMLFileError("tensor \(index) declares \(dimensions) dimensions and a name of \(nameLength) bytes")
    }
    var shape: [Int] = []
    for _ in 0..<dimensions { shape.append(Int(try reader.int32())) }
    let name = String(decoding: try reader.take(Int(nameLength)), as: UTF8.self)
    guard let type = GGMLTensorType.sizes[Int(typeValue)] else {
      throw GGMLFileError("tensor '\(name)' has ggml type \(typeValue), which whisper.cpp models do not use")
    }
    guard shape.allSatisfy({ (1...1 << 24).contains($0) }), shape[0] % type.block == 0 else {
      throw GGMLFileError("tensor '\(name)' has the shape \(shape), which its type cannot hold")
    }
    reader.region = "tensor '\(name)'"
    var size = shape[0] / type.block * type.bytes
    for dimension in shape.dropFirst() {
      let (product, overflow) = size.multipliedReportingOverflow(by: dimension)
      guard !overflow else { throw GGMLFileError("tensor '\(name)' has the shape \(shape), larger than any file") }
      size = product
    }
    try reader.skip(size)
  }

  /// Why a file that lacks ggml's magic is not a model, named by what it is when that is recognisable.
  private static func otherFormat(_ bytes: UnsafeRawBufferPointer) -> String {
    let head = Array(bytes.prefix(512))
    if head.starts(with: Array("GGUF".utf8)) {
      return "it is a GGUF file (llama.cpp's format); whisper.cpp reads the ggml-*.bin files of its models folder"
    }
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      return "it is a zip archive (a PyTorch checkpoint?); whisper.cpp's models/convert-pt-to-ggml.py converts one"
    }
    if head.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      let text = String(decoding: head, as: UTF8.self)
      let line = text.split(whereSeparator: \.isNewline).first.map { String($0.prefix(40)) } ?? ""
      return "it is a text file (it begins \"\(line)\")"
    }
    let found = head.count >= 4 ? UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)) : 0
    return String(format: "it begins with 0x%08x, not ggml's magic 0x67676d6c", found)
  }
}

/// Why a file is not a whisper.cpp model, in one line (without the file's name).
public struct GGMLFileError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

/// ggml's tensor types that whisper.cpp's models use: values per block and bytes per block (ggml.c's type traits).
enum GGMLTensorType {
  static let sizes: [Int: (block: Int, bytes: Int)] = [
    0: (1, 4), 1: (1, 2), 2: (32, 18), 3: (32, 20), 6: (32, 22), 7: (32, 24), 8: (32, 34), 10: (256, 84),
    11: (256, 110), 12: (256, 144), 13: (256, 176), 14: (256, 210), 30: (1, 2),
  ]
  /// ggml's `ftype`s whisper.cpp maps to a weight type (f32, f16, q4_0, q4_1, q8_0, q5_0, q5_1, q2_k … q6_k).
  static let fileTypes: Set<Int> = [0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14]
}

/// Reads a ggml file's little-endian headers; running out of bytes is one line naming where.
struct GGMLReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0
  var region = "its header"

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func int32() throws -> Int32 {
    let raw = try take(4)
    return Int32(littleEndian: raw.loadUnaligned(as: Int32.self))
  }

  mutating func take(_ count: Int) throws -> UnsafeRawBufferPointer {
    guard count >= 0, bytes.count - offset >= count else { throw cutShort() }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
  }

  mutating func skip(_ count: Int) throws {
    guard count >= 0, bytes.count - offset >= count else { throw cutShort() }
    offset += count
  }

  private func cutShort() -> GGMLFileError {
    GGMLFileError("it is cut short: it ends after \(bytes.count) bytes, inside \(region)")
  }
}
