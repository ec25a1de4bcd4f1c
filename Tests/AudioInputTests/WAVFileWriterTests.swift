import Foundation
import TestSupport
import Testing

@testable import AudioInput

@Suite("Writing recordings to disk")
struct WAVFileWriterTests {
  @Test("a finished recording decodes to what was written, with real sizes in the header")
  func finished() throws {
    let folder = try TemporaryDirectory("audio-writer")
    defer { folder.remove() }
    let url = folder.path("take.wav")
    let tone = AudioSignals.sine(frequency: 300, amplitude: 0.5, duration: 0.5, sampleRate: 16_000)
    var writer = try WAVFileWriter(url: url)
    for chunk in AudioSignals.randomChunks(tone, sizes: 160...1_600, seed: 5) { try writer.append(chunk) }
    try writer.finish()
    let bytes = try Data(contentsOf: url)
    #expect(bytes.count == 44 + 16_000)
    #expect(bytes[40..<44].elementsEqual([0x80, 0x3E, 0, 0]))  // 16 000 bytes of data
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    #expect(decoded.samples.count == tone.count)
    #expect(zip(decoded.samples, tone).allSatisfy { abs($0 - $1) < 1e-4 })
  }

  @Test("a recording cut off by a crash (never finished) still decodes completely")
  func unfinished() throws {
    let folder = try TemporaryDirectory("audio-writer")
    defer { folder.remove() }
    let url = folder.path("crashed.wav")
    let tone = AudioSignals.sine(frequency: 300, amplitude: 0.5, duration: 0.3, sampleRate: 16_000)
    var writer = try WAVFileWriter(url: url)
    try writer.append(tone)
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    #expect(decoded.samples.count == tone.count)
    try writer.finish()
  }

  @Test("a recording in a missing folder gives one clear line")
  func badLocation() {
    #expect(throws: AudioInputError("take.wav: cannot be created")) {
      try WAVFileWriter(url: URL(fileURLWithPath: "/nonexistent-folder/take.wav"))
    }
  }
}
