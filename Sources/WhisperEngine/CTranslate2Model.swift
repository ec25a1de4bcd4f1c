import Foundation

/// Element types CTranslate2 stores.
enum CT2DataType: UInt8 {
  case float32 = 0, int8 = 1, int16 = 2, int32 = 3, float16 = 4, bfloat16 = 5

  var byteWidth: Int {
    switch self {
    case .float32, .int32: 4
    case .int8: 1
    case .int16, .float16, .bfloat16: 2
    }
  }
}

/// One named array in a CTranslate2 model, pointing into the mapped file.
struct CT2Variable {
  var name: String
  var shape: [Int]
  var dataType: CT2DataType
  var data: UnsafeRawBufferPointer

  var elementCount: Int { shape.reduce(1, *) }
}

/// A CTranslate2 `model.bin` (format version 6), parsed without copying its weights.
struct CTranslate2Model {
  var specName: String
  var revision: UInt32
  var variables: [String: CT2Variable]

  /// Parses `bytes`, which must stay alive as long as the model is used.
  init(bytes: UnsafeRawBufferPointer) throws {
    var reader = BinaryReader(bytes)
    let version = try reader.read(UInt32.self, "format version")
    guard version == 6 else {
      throw ModelFormatError("unsupported CTranslate2 model format version \(version) (expected 6)")
    }
    specName = try reader.readShortString("spec name")
    revision = try reader.read(UInt32.self, "spec revision")
    let count = try reader.read(UInt32.self, "variable count")
    guard count < 100_000 else { throw ModelFormatError("implausible variable count \(count)") }
    var variables: [String: CT2Variable] = [:]
    for index in 0..<Int(count) {
      let name = try reader.readShortString("name of variable \(index)")
      let rank = Int(try reader.read(UInt8.self, "rank of \(name)"))
      var shape: [Int] = []
      for _ in 0..<rank { shape.append(Int(try reader.read(UInt32.self, "shape of \(name)"))) }
      let rawType = try reader.read(UInt8.self, "type of \(name)")
      guard let dataType = CT2DataType(rawValue: rawType) else {
        throw ModelFormatError("variable \(name) has unknown type \(rawType)")
      }
      let byteCount = Int(try reader.read(UInt32.self, "size of \(name)"))
      let elements = shape.reduce(1, *)
      guard byteCount == elements * dataType.byteWidth else {
        throw ModelFormatError(
          "variable \(name) holds \(byteCount) bytes, its shape needs \(elements * dataType.byteWidth)")
      }
      let data = try reader.readBytes(byteCount, "data of \(name)")
      variables[name] = CT2Variable(name: name, shape: shape, dataType: dataType, data: data)
    }
    // Aliases (e.g. the output projection sharing the embeddings) follow; whisper.cpp needs none of them.
    self.variables = variables
  }

  func variable(_ name: String) throws -> CT2Variable {
    guard let variable = variables[name] else { throw ModelFormatError("model lacks variable \(name)") }
    return variable
  }

  /// A scalar integer setting such as `encoder/num_heads`.
  func integer(_ name: String) throws -> Int {
    let variable = try variable(name)
    switch variable.dataType {
    case .int8: return Int(variable.data.load(as: Int8.self))
    case .int16: return Int(Int16(littleEndian: variable.data.loadUnaligned(as: Int16.self)))
    case .int32: return Int(Int32(littleEndian: variable.data.loadUnaligned(as: Int32.self)))
    default: throw ModelFormatError("variable \(name) is not an integer")
    }
  }
}
