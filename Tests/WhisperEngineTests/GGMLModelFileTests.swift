import Foundation
import TestSupport
import Testing

@testable import WhisperEngine

/// A whisper.cpp model file in the legacy ggml layout, of `audioLayers` + `textLayers` layers with tiny f32 tensors.
func syntheticGGML(audioLayers: Int = 1, textLayers: Int = 1, vocabulary: Int = 51_864, tensors: Int? = nil) -> Data {
  var data = Data()
  func int32(_ value: Int) { withUnsafeBytes(of: Int32(value).littleEndian) { data.append(contentsOf: $0) } }
  int32(0x6767_6d6c)
  for value in [vocabulary, 1_500, 384, 6, audioLayers, 448, 384, 6, textLayers, 80, 1] { int32(value) }
  int32(80)
  int32(201)
  data.append(Data(count: 80 * 201 * 4))
  int32(2)
  for token in ["!", "hello"] {
    int32(token.utf8.count)
    data.append(contentsOf: Array(token.utf8))
  }
  for index in 0..<(tensors ?? (7 + 15 * audioLayers + 4 + 24 * textLayers)) {
    let name = Array("tensor.\(index)".utf8)
    int32(1)
    int32(name.count)
    int32(0)
    int32(3)
    data.append(contentsOf: name)
    data.append(Data(count: 12))
  }
  return data
}

@Suite("whisper.cpp model files are checked by their headers")
struct GGMLModelFileTests {
  /// What `inspect` says of `bytes`, written to a file: its summary, or its one-line refusal.
  func inspect(_ bytes: Data) throws -> String {
    let dir = try TemporaryDirectory("ggml-file")
    defer { dir.remove() }
    let url = dir.path("model.bin")
    try bytes.write(to: url)
    do {
      return try GGMLModelFile.inspect(url).summary
    } catch {
      return "\(error)"
    }
  }

  @Test("a well-formed file is read for its size, language and weights")
  func wellFormed() throws {
    #expect(try inspect(syntheticGGML()) == "Whisper 1-layer, English only, f16, 0 MB")
    let multilingual = try inspect(syntheticGGML(audioLayers: 4, textLayers: 4, vocabulary: 51_865))
    #expect(multilingual == "Whisper tiny, multilingual, f16, 0 MB")
  }

  @Test("a text file is one line saying it is text and how it begins")
  func textFile() throws {
    let text = try inspect(Data("# my notes\nbuy milk\n".utf8))
    #expect(text == "it is a text file (it begins \"# my notes\")")
  }

  @Test("a header cut short says where the file ends")
  func truncatedHeader() throws {
    let cut = try inspect(syntheticGGML().prefix(20))
    #expect(cut == "it is cut short: it ends after 20 bytes, inside its header")
    let full = syntheticGGML()
    let inTensor = try inspect(full.prefix(full.count - 5))
    #expect(inTensor == "it is cut short: it ends after \(full.count - 5) bytes, inside tensor 'tensor.49'")
  }

  @Test("a wrong magic is named, and GGUF and zip files are told apart")
  func wrongMagic() throws {
    #expect(
      try inspect(Data([0xDE, 0xAD, 0xBE, 0xEF, 0, 1, 2])) == "it begins with 0xefbeadde, not ggml's magic 0x67676d6c")
    #expect(try inspect(Data("GGUF".utf8) + Data([3, 0, 0, 0, 0])).hasPrefix("it is a GGUF file (llama.cpp's format)"))
    #expect(try inspect(Data([0x50, 0x4B, 0x03, 0x04, 0, 0])).hasPrefix("it is a zip archive"))
    #expect(try inspect(Data()) == "it is empty")
  }

  @Test("impossible sizes and a missing tensor are refused before whisper.cpp allocates anything")
  func impossibleSizes() throws {
    #expect(
      try inspect(syntheticGGML(audioLayers: 0))
        == "its header's audio layers is 0, which no Whisper model has")
    #expect(
      try inspect(syntheticGGML(tensors: 49)) == "it holds 49 tensors where a Whisper model of 1 + 1 layers has 50")
  }
}
