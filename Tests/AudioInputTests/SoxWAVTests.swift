import Foundation
import TestSupport
import Testing

@testable import AudioInput

@Suite("WAV files written by sox and ffmpeg")
struct SoxWAVTests {
  @Test(
    "every sample format sox writes decodes to the same 440 Hz tone",
    .enabled(if: SyntheticSpeech.which("sox") != nil),
    arguments: [
      ["-b", "8", "-e", "unsigned-integer"], ["-b", "16"], ["-b", "24"], ["-b", "32"],
      ["-b", "32", "-e", "floating-point"], ["-b", "64", "-e", "floating-point"],
    ])
  func soxFormats(options: [String]) throws {
    let folder = try TemporaryDirectory("audio-sox")
    defer { folder.remove() }
    let url = folder.path("tone.wav")
    // 6 channels at 22.05 kHz makes sox write WAVE_FORMAT_EXTENSIBLE.
    try SyntheticSpeech.run(
      "sox", ["-n", "-r", "22050", "-c", "6"] + options + [url.path, "synth", "1", "sine", "440", "vol", "0.5"])
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    #expect(decoded.sourceSampleRate == 22_050)
    #expect(decoded.sourceChannels == 6)
    #expect(decoded.samples.count == 16_000)
    let middle = Array(decoded.samples[4_000..<12_000])
    #expect(abs(AudioSignals.amplitude(of: 440, in: middle, sampleRate: 16_000) - 0.5) < 0.01)
  }

  @Test("an ADPCM WAV is handed to ffmpeg when it is installed", .enabled(if: ffmpegInstalled))
  func adpcmThroughFFmpeg() throws {
    let folder = try TemporaryDirectory("audio-adpcm")
    defer { folder.remove() }
    let source = folder.path("tone.wav")
    try WAVWriter.write(
      AudioSignals.sine(frequency: 440, amplitude: 0.5, duration: 1, sampleRate: 16_000), sampleRate: 16_000, to: source
    )
    let adpcm = folder.path("adpcm.wav")
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-i", source.path, "-c:a", "adpcm_ms", adpcm.path])
    let decoded = try AudioFileDecoder.decode(contentsOf: adpcm)
    #expect(abs(decoded.duration - 1) < 0.05)
    let middle = Array(decoded.samples[4_000..<12_000])
    #expect(abs(AudioSignals.amplitude(of: 440, in: middle, sampleRate: 16_000) - 0.5) < 0.03)
  }
}
