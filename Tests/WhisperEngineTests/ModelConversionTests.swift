import Foundation
import Testing

@testable import WhisperEngine

@Suite("CTranslate2 to ggml conversion")
struct ModelConversionTests {
  @Test("the mel filter bank matches librosa's Slaney filters for Whisper")
  func melFilters() {
    let weights = MelFilterBank.weights(melCount: 80)
    #expect(weights.count == 80 * 201)
    // Every filter is a triangle with some weight; the first starts at 0 Hz.
    for mel in 0..<80 { #expect(weights[(mel * 201)..<((mel + 1) * 201)].contains { $0 > 0 }) }
    #expect(weights[0] == 0)
    // Slaney normalisation: the first filter's peak is 2 / (f2 - f0) with f in Hz.
    let f0 = MelFilterBank.melToHertz(0)
    let f2 = MelFilterBank.melToHertz(2 * MelFilterBank.hertzToMel(8_000) / 81)
    let peak = weights[0..<201].max() ?? 0
    #expect(abs(Double(peak) - 2 / (f2 - f0)) / (2 / (f2 - f0)) < 0.6)
    #expect(abs(MelFilterBank.hertzToMel(1_000) - 15) < 1e-9)
    #expect(abs(MelFilterBank.melToHertz(MelFilterBank.hertzToMel(4_321)) - 4_321) < 1e-6)
  }

  @Test("byte-level tokens map back to the bytes they spell")
  func byteLevelTokens() {
    #expect(ByteLevelVocabulary.bytes(of: "Ġthe") == Array(" the".utf8))
    #expect(ByteLevelVocabulary.bytes(of: "Ċ") == [0x0A])
    #expect(ByteLevelVocabulary.bytes(of: "Ã©") == Array("é".utf8))
    #expect(ByteLevelVocabulary.byteForScalar.count == 256)
  }

  @Test("a model file with a wrong version, a bad size or a truncation is refused with a reason")
  func malformedModels() {
    func parse(_ bytes: [UInt8]) -> String? {
      do {
        _ = try bytes.withUnsafeBytes { try CTranslate2Model(bytes: $0) }
        return nil
      } catch { return "\(error)" }
    }
    #expect(parse([5, 0, 0, 0]) == "unsupported CTranslate2 model format version 5 (expected 6)")
    #expect(parse([6, 0, 0]) == "truncated while reading format version")
    // version 6, spec "W", revision 1, one variable "x" of rank 1, shape [4], f32, claiming 8 bytes (needs 16).
    let header: [UInt8] = [6, 0, 0, 0, 1, 0, 87, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 120, 1, 4, 0, 0, 0, 0, 8, 0, 0, 0]
    #expect(parse(header) == "variable x holds 8 bytes, its shape needs 16")
    #expect(parse([6, 0, 0, 0, 0xFF, 0xFF]) == "truncated while reading spec name")
  }

  @Test("the installed tiny.en converts to whisper.cpp's layout with the right hyper-parameters")
  func tinyConversion() throws {
    let installation = EngineInstallation(directory: engineDirectory())
    guard installation.isInstalled(WhisperCatalog.tinyEnglish) else { return }
    let bytes = try installation.modelBytes(WhisperCatalog.tinyEnglish)
    let vocabulary = try installation.vocabulary(WhisperCatalog.tinyEnglish).split(separator: "\n")
    let params = try bytes.withUnsafeBytes {
      try GGMLWhisperConverter.hyperParameters(model: CTranslate2Model(bytes: $0), vocabularySize: vocabulary.count)
    }
    #expect(
      params
        == .init(
          vocabularySize: 51_864, audio: .init(context: 1_500, state: 384, heads: 6, layers: 4),
          text: .init(context: 448, state: 384, heads: 6, layers: 4), melCount: 80))
    let ggml = try bytes.withUnsafeBytes {
      try GGMLWhisperConverter.convert(model: CTranslate2Model(bytes: $0), vocabulary: vocabulary)
    }
    #expect(ggml.prefix(4) == Data([0x6C, 0x6D, 0x67, 0x67]))
    // 8-bit matrices: about half the float16 size (78 MB).
    #expect(ggml.count > 38_000_000 && ggml.count < 48_000_000, "\(ggml.count) bytes")
    #expect(ggml[44..<48] == Data([7, 0, 0, 0]), "ftype Q8_0")
  }

  @Test("a matrix becomes ggml's Q8_0 blocks: a float16 scale (largest magnitude / 127), then 32 rounded bytes a row")
  func quantizedMatrix() throws {
    let steps: [Int] = (0..<64).map { $0 < 32 ? $0 - 16 : ($0 - 32) * 2 }
    let values: [Float16] = steps.map { Float16(Float($0) / 10) }
    let bytes = values.withUnsafeBytes { Array($0) }
    let record = try bytes.withUnsafeBytes { raw in
      var buffer = GGMLBuffer(capacity: 256)
      try buffer.tensor(
        "m", CT2Variable(name: "m", shape: [2, 32], dataType: .float16, data: raw), as: .q8_0)
      return [UInt8](buffer.data)
    }
    // Header: 2 dims, name length 1, type 8, dims innermost first (32, 2), "m"; then 2 blocks of 34 bytes.
    var header: [UInt8] = []
    for field: Int32 in [2, 1, 8, 32, 2] { withUnsafeBytes(of: field.littleEndian) { header += $0 } }
    header.append(109)
    #expect(Array(record.prefix(header.count)) == header)
    let blocks = Array(record.dropFirst(header.count))
    #expect(blocks.count == 68)
    func scale(_ block: Int) -> Float {
      Float(Float16(bitPattern: UInt16(blocks[block * 34]) | UInt16(blocks[block * 34 + 1]) << 8))
    }
    #expect(abs(scale(0) - 1.6 / 127) < 1e-5)
    #expect(abs(scale(1) - 6.2 / 127) < 1e-4)
    let quants = blocks.enumerated().filter { $0.offset % 34 >= 2 }.map { Int8(bitPattern: $0.element) }
    #expect(quants[0] == -127 && quants[16] == 0)
    // Each value comes back within about half a step (the scale itself is rounded to float16).
    for (index, value) in values.enumerated() {
      let restored = Float(quants[index]) * scale(index / 32)
      #expect(abs(restored - Float(value)) <= scale(index / 32) * 0.6)
    }
    let oddRow = try bytes.withUnsafeBytes { raw in
      var buffer = GGMLBuffer(capacity: 256)
      return try? buffer.tensor(
        "m", CT2Variable(name: "m", shape: [4, 16], dataType: .float16, data: raw), as: .q8_0)
    }
    #expect(oddRow == nil, "rows must hold whole blocks of 32")
  }

  @Test("a tampered model file is refused by checksum before it is loaded")
  func tamperedModel() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("utter-tamper-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let installation = EngineInstallation(directory: dir)
    let package = WhisperCatalog.tinyEnglish.packages[0]
    for file in package.files {
      let url = installation.packageDirectory(package).appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("not the model".utf8).write(to: url)
    }
    #expect(throws: SpeechEngineLoadError.self) { try installation.verify(package) }
    do {
      try installation.verify(package)
    } catch {
      #expect("\(error)".contains("expected 1a5afae06a4d"))
      #expect("\(error)".contains("utter engines install"))
    }
  }
}
