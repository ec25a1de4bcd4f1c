import Foundation
import TestSupport
import Testing

@testable import AudioInput

/// Whether ffmpeg is on `PATH`: the tests that run it are skipped (and reported so) without it.
let ffmpegInstalled = FFmpegLocator.onPath.locate() != nil

@Suite("Compressed audio through ffmpeg")
struct FFmpegDecoderTests {
  /// Encodes a 1 s, 440 Hz tone (44.1 kHz stereo) with ffmpeg into `name`.
  func encodedTone(_ name: String, in folder: TemporaryDirectory) throws -> URL {
    let source = folder.path("tone.wav")
    let tone = AudioSignals.sine(frequency: 440, amplitude: 0.5, duration: 1, sampleRate: 44_100)
    try WAVWriter.write(tone.flatMap { [$0, $0] }, sampleRate: 44_100, channels: 2, to: source)
    let url = folder.path(name)
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", source.path, url.path])
    return url
  }

  @Test(
    "mp3, flac, ogg, opus and m4a decode to a 16 kHz tone of the right length", .enabled(if: ffmpegInstalled),
    arguments: ["mp3", "flac", "ogg", "opus", "m4a"])
  func decodesContainers(fileExtension: String) throws {
    let folder = try TemporaryDirectory("audio-ffmpeg")
    defer { folder.remove() }
    let url = try encodedTone("tone.\(fileExtension)", in: folder)
    let decoded = try AudioFileDecoder.decode(contentsOf: url)
    #expect(abs(decoded.duration - 1) < 0.08, "duration \(decoded.duration)")
    let middle = Array(decoded.samples[4_000..<12_000])
    #expect(abs(AudioSignals.amplitude(of: 440, in: middle, sampleRate: 16_000) - 0.5) < 0.05)
  }

  @Test("the container is found by its magic bytes even with a misleading name", .enabled(if: ffmpegInstalled))
  func misnamedFile() throws {
    let folder = try TemporaryDirectory("audio-ffmpeg")
    defer { folder.remove() }
    let flac = try encodedTone("tone.flac", in: folder)
    let misnamed = folder.path("recording.wav")
    try FileManager.default.moveItem(at: flac, to: misnamed)
    #expect(throws: AudioInputError("recording.wav: flac audio needs ffmpeg, which is not installed")) {
      try AudioFileDecoder.decode(contentsOf: misnamed, ffmpeg: .missing)
    }
    #expect(try AudioFileDecoder.decode(contentsOf: misnamed).samples.count > 15_000)
  }

  @Test(
    "without ffmpeg the message names the file and the format",
    arguments: [
      ("talk.mp3", [UInt8]("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0], "mp3"),
      ("talk.ogg", [UInt8]("OggS".utf8) + [0] + [UInt8](repeating: 0, count: 23) + [UInt8]("OpusHead".utf8), "opus"),
      ("talk.flac", [UInt8]("fLaC".utf8) + [0, 0, 0, 34], "flac"),
      ("talk.m4a", [0, 0, 0, 0x20] + [UInt8]("ftypM4A ".utf8), "m4a"),
      ("talk.webm", [0x1A, 0x45, 0xDF, 0xA3] + [UInt8]("webm".utf8), "webm"),
    ])
  func missingFFmpeg(name: String, header: [UInt8], format: String) throws {
    #expect(throws: AudioInputError("\(name): \(format) audio needs ffmpeg, which is not installed")) {
      try decodeBytes(Data(header), name: name, ffmpeg: .missing)
    }
  }

  @Test("a corrupt mp3 gives one line from ffmpeg's complaint", .enabled(if: ffmpegInstalled))
  func corruptFile() throws {
    let bytes = [UInt8]("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x55, count: 64)
    do {
      let decoded = try decodeBytes(Data(bytes), name: "broken.mp3", ffmpeg: .onPath)
      #expect(decoded.samples.isEmpty)
    } catch let error as AudioInputError {
      #expect(error.description.hasPrefix("broken.mp3: ffmpeg could not decode the mp3 audio"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("an ffmpeg that never finishes is stopped at the time limit")
  func stuckFFmpeg() throws {
    let folder = try TemporaryDirectory("audio-ffmpeg")
    defer { folder.remove() }
    let fake = folder.path("ffmpeg")
    // NB: a fake that never ends by itself (68 years), so the decode can only come back because it was stopped.
    try Data("#!/bin/sh\nexec /bin/sleep 2147483647\n".utf8).write(to: fake)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let stuck = FFmpegLocator(timeLimit: 0.5) { fake.path }
    #expect(throws: AudioInputError("talk.mp3: ffmpeg did not finish decoding the mp3 audio in time")) {
      try decodeBytes(Data("ID3\u{4}\0\0\0\0\0\0".utf8), name: "talk.mp3", ffmpeg: stuck)
    }
  }

  @Test("magic bytes identify common containers")
  func detection() {
    func detect(_ bytes: [UInt8], _ ext: String = "bin") -> AudioContainer {
      AudioContainer.detect(header: bytes, fileExtension: ext)
    }
    #expect(detect([UInt8]("RIFF\0\0\0\0WAVEfmt ".utf8)) == .wav)
    #expect(detect([UInt8]("RF64\0\0\0\0WAVE".utf8)) == .needsFFmpeg("RF64 WAV"))
    #expect(detect([0xFF, 0xFB, 0x90, 0x64]) == .needsFFmpeg("mp3"))
    #expect(detect([0xFF, 0xF1, 0x50, 0x80]) == .needsFFmpeg("aac"))
    #expect(detect([UInt8]("FORM\0\0\0\0AIFF".utf8)) == .needsFFmpeg("aiff"))
    #expect(detect([UInt8]("#!AMR\n".utf8)) == .needsFFmpeg("amr"))
    #expect(detect([UInt8]("caff".utf8)) == .needsFFmpeg("caf"))
    #expect(detect([0x12, 0x34], "raw") == .rawPCM)
    #expect(detect([0x12, 0x34], "wav") == .unknown)
    #expect(detect([0xFF, 0xFF, 0xFF, 0xFF]) == .unknown)
  }
}
