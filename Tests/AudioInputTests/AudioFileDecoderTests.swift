import Foundation
import TestSupport
import Testing

@testable import AudioInput

/// Writes `data` as `name` in a fresh folder and decodes it.
func decodeBytes(_ data: Data, name: String = "test.wav", ffmpeg: FFmpegLocator = .missing) throws -> DecodedAudio {
  let folder = try TemporaryDirectory("audio-decode")
  defer { folder.remove() }
  let url = folder.path(name)
  try data.write(to: url)
  return try AudioFileDecoder.decode(contentsOf: url, ffmpeg: ffmpeg)
}

/// Sample values every bit depth can represent closely.
let rampValues: [Float] = [0, 0.5, -0.5, 0.25, -0.25, 0.999, -1, 0.125]

@Suite("Decoding WAV files")
struct AudioFileDecoderTests {
  func wav(tag: UInt16, bits: UInt16, channels: UInt16 = 1, rate: UInt32 = 16_000, body: [UInt8]) -> Data {
    var w = AudioWAVBytes()
    w.riffHeader(size: UInt32(36 + body.count))
    w.formatChunk(tag: tag, channels: channels, sampleRate: rate, bits: bits)
    w.dataChunk(declaring: UInt32(body.count), body)
    return w.data
  }

  func expectSamples(_ decoded: DecodedAudio, _ expected: [Float], tolerance: Float) {
    #expect(decoded.samples.count == expected.count)
    for (got, want) in zip(decoded.samples, expected) {
      #expect(abs(got - want) <= tolerance, "got \(got), want \(want)")
    }
  }

  @Test("8-bit unsigned PCM maps 128 to silence and 0/255 to the rails")
  func unsigned8() throws {
    let decoded = try decodeBytes(wav(tag: 1, bits: 8, body: [128, 192, 64, 160, 96, 255, 0, 144]))
    expectSamples(decoded, [0, 0.5, -0.5, 0.25, -0.25, 127.0 / 128, -1, 0.125], tolerance: 1e-6)
  }

  @Test("16-bit PCM decodes to the written values")
  func signed16() throws {
    let decoded = try decodeBytes(wav(tag: 1, bits: 16, body: AudioWAVBytes.int16Bytes(rampValues)))
    expectSamples(decoded, rampValues, tolerance: 1e-4)
    #expect(decoded.sourceSampleRate == 16_000)
    #expect(decoded.sourceChannels == 1)
    #expect(abs(decoded.duration - 8.0 / 16_000) < 1e-12)
  }

  @Test("24-bit PCM keeps its sign and full scale")
  func signed24() throws {
    let body = rampValues.flatMap { value -> [UInt8] in
      let v = Int32(max(-8_388_608, min(8_388_607, (Double(value) * 8_388_608).rounded())))
      return [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)]
    }
    expectSamples(try decodeBytes(wav(tag: 1, bits: 24, body: body)), rampValues, tolerance: 1e-6)
  }

  @Test("32-bit integer PCM decodes to the written values")
  func signed32() throws {
    let body = rampValues.flatMap { value -> [UInt8] in
      let v = Int32(max(-2_147_483_648, min(2_147_483_647, (Double(value) * 2_147_483_648).rounded())))
      return withUnsafeBytes(of: v.littleEndian) { Array($0) }
    }
    expectSamples(try decodeBytes(wav(tag: 1, bits: 32, body: body)), rampValues, tolerance: 1e-6)
  }

  @Test("32-bit float decodes exactly and NaN becomes silence")
  func float32() throws {
    let values = rampValues + [.nan]
    let body = values.flatMap { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }
    expectSamples(try decodeBytes(wav(tag: 3, bits: 32, body: body)), rampValues + [0], tolerance: 0)
  }

  @Test("64-bit float decodes and values beyond full scale are clipped")
  func float64() throws {
    let values: [Double] = rampValues.map(Double.init) + [1.5, -3]
    let body = values.flatMap { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }
    expectSamples(try decodeBytes(wav(tag: 3, bits: 64, body: body)), rampValues + [1, -1], tolerance: 0)
  }

  @Test("A-law and µ-law telephone WAVs decode to their linear values")
  func g711() throws {
    // 0xD5 (A-law) and 0xFF (µ-law) are the codes closest to zero; 0xAA and 0x80 are near positive full scale.
    let aLaw = try decodeBytes(wav(tag: 6, bits: 8, rate: 16_000, body: [0xD5, 0xAA]))
    expectSamples(aLaw, [8.0 / 32_768, 32_256.0 / 32_768], tolerance: 1e-6)
    let muLaw = try decodeBytes(wav(tag: 7, bits: 8, rate: 16_000, body: [0xFF, 0x80]))
    expectSamples(muLaw, [0, 32_124.0 / 32_768], tolerance: 1e-6)
  }

  @Test("stereo is averaged to mono")
  func stereoDownmix() throws {
    let interleaved: [Float] = [0.5, -0.5, 0.5, 0.25, -1, -0.5]
    let decoded = try decodeBytes(wav(tag: 1, bits: 16, channels: 2, body: AudioWAVBytes.int16Bytes(interleaved)))
    expectSamples(decoded, [0, 0.375, -0.75], tolerance: 1.0 / 16_000)
    #expect(decoded.sourceChannels == 2)
  }

  @Test("WAVE_FORMAT_EXTENSIBLE with PCM and float subformats decodes")
  func extensible() throws {
    var pcm = AudioWAVBytes()
    pcm.riffHeader()
    pcm.extensibleFormatChunk(subformat: 1, channels: 1, sampleRate: 16_000, containerBits: 16, validBits: 16)
    pcm.dataChunk(declaring: 16, AudioWAVBytes.int16Bytes(rampValues))
    expectSamples(try decodeBytes(pcm.data), rampValues, tolerance: 1e-4)

    var float = AudioWAVBytes()
    float.riffHeader()
    float.extensibleFormatChunk(subformat: 3, channels: 1, sampleRate: 16_000, containerBits: 32, validBits: 32)
    float.dataChunk(
      declaring: 32, rampValues.flatMap { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } })
    expectSamples(try decodeBytes(float.data), rampValues, tolerance: 0)
  }

  @Test("LIST, fact, odd-sized and unknown chunks are skipped, trailing junk is ignored")
  func tolerantChunks() throws {
    var w = AudioWAVBytes()
    w.riffHeader(size: 12_345)
    w.chunk("LIST", Array("INFOISFT\u{5}\0\0\0Lavf\0".utf8))
    w.chunk("junk", [1, 2, 3])  // odd size: followed by a pad byte
    w.formatChunk(tag: 1, channels: 1, sampleRate: 16_000, bits: 16)
    w.chunk("fact", [8, 0, 0, 0])
    w.chunk("odd!", [9])
    w.dataChunk(declaring: 16, AudioWAVBytes.int16Bytes(rampValues))
    w.bytes(Array("trailing junk that is not audio".utf8))
    expectSamples(try decodeBytes(w.data), rampValues, tolerance: 1e-4)
  }

  @Test("an odd-sized chunk written without its pad byte is still read")
  func missingPadByte() throws {
    var w = AudioWAVBytes()
    w.riffHeader()
    w.formatChunk(tag: 1, channels: 1, sampleRate: 16_000, bits: 16)
    w.chunk("bext", [1, 2, 3], pad: false)
    w.dataChunk(declaring: 16, AudioWAVBytes.int16Bytes(rampValues))
    expectSamples(try decodeBytes(w.data), rampValues, tolerance: 1e-4)
  }

  @Test("a streamed WAV (data size 0 or 0xFFFFFFFF) is read to the end of the file")
  func streamedDataSize() throws {
    for declared: UInt32 in [0, 0xFFFF_FFFF] {
      var w = AudioWAVBytes()
      w.riffHeader(size: 0xFFFF_FFFF)
      w.formatChunk(tag: 1, channels: 1, sampleRate: 16_000, bits: 16)
      w.dataChunk(declaring: declared, AudioWAVBytes.int16Bytes(rampValues) + [0x7F])  // and half a sample
      expectSamples(try decodeBytes(w.data), rampValues, tolerance: 1e-4)
    }
  }

  @Test("a WAV with no samples decodes to empty audio")
  func emptyData() throws {
    var w = AudioWAVBytes()
    w.riffHeader()
    w.formatChunk(tag: 1, channels: 2, sampleRate: 44_100, bits: 16)
    w.dataChunk(declaring: 0, [])
    let decoded = try decodeBytes(w.data)
    #expect(decoded.samples.isEmpty)
    #expect(decoded.duration == 0)
  }

  @Test("a 44.1 kHz stereo file comes out as 16 kHz mono of the same length and tone")
  func resampledStereo() throws {
    let tone = AudioSignals.sine(frequency: 440, amplitude: 0.5, duration: 1, sampleRate: 44_100)
    let interleaved = tone.flatMap { [$0, $0] }
    let folder = try TemporaryDirectory("audio-decode")
    defer { folder.remove() }
    let url = folder.path("tone.wav")
    try WAVWriter.write(interleaved, sampleRate: 44_100, channels: 2, to: url)
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    #expect(decoded.samples.count == 16_000)
    #expect(decoded.sourceSampleRate == 44_100)
    #expect(decoded.sourceChannels == 2)
    let middle = Array(decoded.samples[4_000..<12_000])
    #expect(abs(AudioSignals.amplitude(of: 440, in: middle, sampleRate: 16_000) - 0.5) < 0.005)
  }

  @Test("headerless .raw/.pcm/.s16 files are 16 kHz signed 16-bit mono")
  func rawPCM() throws {
    for name in ["speech.raw", "speech.pcm", "speech.S16"] {
      let decoded = try decodeBytes(Data(AudioWAVBytes.int16Bytes(rampValues) + [0x01]), name: name)
      expectSamples(decoded, rampValues, tolerance: 1e-4)
      #expect(decoded.sourceSampleRate == 16_000)
    }
  }

  @Test("a WAV named .raw is still read as WAV (magic bytes win over the extension)")
  func magicBeatsExtension() throws {
    var w = AudioWAVBytes()
    w.riffHeader()
    w.formatChunk(tag: 1, channels: 1, sampleRate: 16_000, bits: 16)
    w.dataChunk(declaring: 16, AudioWAVBytes.int16Bytes(rampValues))
    expectSamples(try decodeBytes(w.data, name: "actually-a-wav.raw"), rampValues, tolerance: 1e-4)
  }

  @Test("a real recording from pocketsphinx decodes to its known length")
  func realRecording() throws {
    let url = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/cards/001.wav")
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    let size = (attributes[.size] as? Int) ?? 0
    #expect(decoded.samples.count == (size - 44) / 2)
    #expect(AudioSignals.rms(decoded.samples) > 0.001)
  }
}
