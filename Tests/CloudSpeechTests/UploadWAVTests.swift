import AudioInput
import Foundation
import ProviderTestSupport
import Testing

@Suite("WAV files uploaded to speech APIs")
struct UploadWAVTests {
  @Test("samples become a 16-bit mono PCM WAV with clipped, rounded values")
  func encodesPCM() throws {
    let data = WAVEncoding.file([0, 1, -1, 0.5, 2, .nan], sampleRate: 16_000)
    let header = try #require(WAVHeader.parse(data))
    #expect(header == WAVHeader(format: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16, dataBytes: 12))
    let values = stride(from: 44, to: data.count, by: 2).map {
      Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
    }
    #expect(values == [0, 32767, -32767, 16384, 32767, 0])
  }
}
