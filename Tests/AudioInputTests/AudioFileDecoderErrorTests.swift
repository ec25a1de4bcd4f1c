import Foundation
import TestSupport
import Testing

@testable import AudioInput

@Suite("Bad audio files give one clear line")
struct AudioFileDecoderErrorTests {
  /// The message decoding `data` as `name` fails with, or nil when it succeeds.
  func message(_ data: Data, name: String = "x.wav") -> String? {
    do {
      _ = try decodeBytes(data, name: name)
      return nil
    } catch {
      return (error as? AudioInputError)?.description ?? "not an AudioInputError: \(error)"
    }
  }

  func header(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16_000, bits: UInt16 = 16) -> AudioWAVBytes {
    var w = AudioWAVBytes()
    w.riffHeader()
    w.formatChunk(tag: tag, channels: channels, sampleRate: rate, bits: bits)
    return w
  }

  @Test("an empty file")
  func empty() {
    #expect(message(Data(), name: "empty.wav") == "empty.wav: file is empty")
  }

  @Test("a header cut short")
  func truncatedHeader() {
    #expect(message(Data("RIFF\0\0\0\0WA".utf8)) == "x.wav: truncated WAV header")
    #expect(message(Data("RIF".utf8)) == "x.wav: truncated WAV header")
    let full = header().data
    #expect(message(full.prefix(30)) == "x.wav: truncated WAV header")
    #expect(message(full + Data("dat".utf8)) == "x.wav: truncated WAV header")
    #expect(message(full.prefix(12)) == "x.wav: truncated WAV header")
  }

  @Test("a recording cut off by a crash: what is there is decoded, and the loss is named")
  func recordingCutShort() throws {
    var w = header()
    // The header declares 4 s; 1.5 s were written before the crash.
    let written = [Float](repeating: 0.25, count: 24_000)
    w.dataChunk(declaring: 128_000, AudioWAVBytes.int16Bytes(written))
    let audio = try decodeBytes(w.data)
    #expect(audio.samples.count == 24_000)
    #expect(audio.declaredDuration == 4)
    #expect(
      audio.truncationNotice
        == "the file is truncated: its header declares 4.0 s of audio, 1.5 s are there; transcribing those")
    var whole = header()
    whole.dataChunk(declaring: 48_000, AudioWAVBytes.int16Bytes(written))
    #expect(try decodeBytes(whole.data).truncationNotice == nil)
  }

  @Test("sample data cut short to almost nothing")
  func truncatedData() {
    var w = header()
    w.dataChunk(declaring: 1_000, AudioWAVBytes.int16Bytes(rampValues))
    #expect(message(w.data) == "x.wav: truncated WAV data (1000 bytes declared, 16 present)")
  }

  @Test("text and images are not audio")
  func notAudio() {
    #expect(
      message(Data("hello, this is a text file\n".utf8), name: "bad.wav") == "bad.wav: not a WAV or known audio file")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    #expect(message(Data(png), name: "picture.png") == "picture.png: a PNG image is not audio")
    #expect(message(Data("{\"json\": true}".utf8), name: "notes.mp3") == "notes.mp3: not a WAV or known audio file")
  }

  @Test("a fmt chunk claiming 4 GB")
  func hugeFormatChunk() {
    var w = AudioWAVBytes()
    w.riffHeader()
    w.ascii("fmt "); w.u32(0xFFFF_FFFF)
    w.bytes([UInt8](repeating: 1, count: 1_000))
    #expect(message(w.data) == "x.wav: WAV fmt chunk claims 4294967295 bytes, more than the file holds")
  }

  @Test("a data chunk claiming 2 GB in a 1 KB file")
  func hugeDataChunk() {
    var w = header()
    w.dataChunk(declaring: 2_000_000_000, [UInt8](repeating: 0, count: 980))
    #expect(w.data.count == 1_024)
    #expect(message(w.data) == "x.wav: truncated WAV data (2000000000 bytes declared, 980 present)")
  }

  @Test("zero channels, zero or absurd sample rates")
  func impossibleFormats() {
    var w = header(channels: 0)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data, name: "y.wav") == "y.wav: WAV declares 0 channels")
    w = header(rate: 0)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data, name: "y.wav") == "y.wav: WAV declares a sample rate of 0 Hz")
    w = header(rate: 3_000_000_000)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data, name: "y.wav") == "y.wav: unsupported WAV sample rate 3000000000 Hz")
  }

  @Test("unsupported sample formats")
  func unsupportedBits() {
    var w = header(bits: 12)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data) == "x.wav: unsupported WAV sample format: 12-bit PCM")
    w = header(tag: 3, bits: 16)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data) == "x.wav: unsupported WAV sample format: 16-bit float")
    var odd = AudioWAVBytes()
    odd.riffHeader()
    odd.extensibleFormatChunk(subformat: 0x99, channels: 1, sampleRate: 16_000, containerBits: 16, validBits: 16)
    odd.data.replaceSubrange(52..<54, with: [0xAB, 0xCD])  // break the GUID tail
    odd.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(odd.data) == "x.wav: unsupported WAV sample format: unknown extensible subformat")
  }

  @Test("compressed WAV codecs without ffmpeg")
  func compressedWithoutFFmpeg() {
    var w = header(tag: 2, bits: 4)
    w.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(w.data) == "x.wav: ADPCM WAV audio needs ffmpeg, which is not installed")
  }

  @Test("missing fmt or data chunks")
  func missingChunks() {
    var noFormat = AudioWAVBytes()
    noFormat.riffHeader()
    noFormat.chunk("LIST", [1, 2, 3, 4])
    noFormat.dataChunk(declaring: 4, [0, 0, 0, 0])
    #expect(message(noFormat.data) == "x.wav: WAV has no fmt chunk")
    var noData = header()
    noData.chunk("LIST", [1, 2, 3, 4])
    #expect(message(noData.data) == "x.wav: WAV has no data chunk")
  }

  @Test("a missing file, a folder and a device")
  func notFiles() throws {
    let folder = try TemporaryDirectory("audio-errors")
    defer { folder.remove() }
    let missing = folder.path("missing.wav")
    #expect(throws: AudioInputError("missing.wav: file not found")) {
      try AudioFileDecoder.decode(contentsOf: missing)
    }
    let directory = folder.path("recordings.wav")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    #expect(throws: AudioInputError("recordings.wav: is a folder, not an audio file")) {
      try AudioFileDecoder.decode(contentsOf: directory)
    }
    #expect(throws: AudioInputError("zero: not a regular file")) {
      try AudioFileDecoder.decode(contentsOf: URL(fileURLWithPath: "/dev/zero"))
    }
  }

  @Test("hundreds of corrupted WAVs never crash and only ever throw AudioInputError")
  func corruptedFiles() throws {
    var base = header(channels: 2, rate: 44_100)
    base.chunk("LIST", Array("INFOabc".utf8))
    base.dataChunk(declaring: 64, [UInt8](repeating: 0x40, count: 64))
    var random = SeededRandom(seed: 7)
    for _ in 0..<300 {
      var bytes = [UInt8](base.data)
      for _ in 0..<(1 + Int(random.next() % 4)) {
        let position = Int(random.next() % UInt64(bytes.count))
        bytes[position] = UInt8(truncatingIfNeeded: random.next())
      }
      let cut = Int(random.next() % UInt64(bytes.count + 1))
      let candidate = Data(random.next() % 3 == 0 ? Array(bytes.prefix(cut)) : bytes)
      do {
        let decoded = try AudioFileDecoder.decodeWAV(candidate, name: "fuzz.wav")
        #expect(decoded.samples.allSatisfy { $0.isFinite && abs($0) <= 1 })
      } catch {
        #expect(error.description.hasPrefix("fuzz.wav: "))
        #expect(!error.description.contains("\n"))
      }
    }
  }
}
