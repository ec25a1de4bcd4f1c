import Foundation
import TestSupport
import Testing

@testable import AudioInput

/// A WAV of `seconds` of 8-bit mono silence at 1 kHz: hours fit in a few megabytes (the issue's 24 MB WAV held
/// 6.7 hours this way and took 1.5 GB to decode).
private func lowRateWAV(seconds: Int) -> Data {
  var wav = AudioWAVBytes()
  wav.riffHeader(size: UInt32(36 + seconds * 1000))
  wav.formatChunk(tag: 1, channels: 1, sampleRate: 1000, bits: 8)
  wav.dataChunk(declaring: UInt32(seconds * 1000), [UInt8](repeating: 128, count: seconds * 1000))
  return wav.data
}

/// FLAC silence made by ffmpeg: `declared` writes its length in the header (a file); otherwise it is streamed
/// through a pipe, so the header says nothing and only decoding finds how long it is.
private func silentFLAC(seconds: Int, declared: Bool, in folder: TemporaryDirectory) throws -> URL {
  let url = folder.path("silence-\(seconds)-\(declared).flac")
  let source = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", String(seconds)]
  if declared {
    try SyntheticSpeech.run("ffmpeg", source + ["-c:a", "flac", url.path])
  } else {
    let script = "ffmpeg \(source.joined(separator: " ")) -c:a flac -f flac pipe:1 > '\(url.path)'"
    try SyntheticSpeech.run("sh", ["-c", script])
  }
  return url
}

@Suite("Decoding within limits")
struct DecodeLimitsTests {
  @Test("a WAV whose header declares more than the limit is refused before a sample is converted")
  func longWAVRefused() throws {
    let folder = try TemporaryDirectory("decode-limits")
    defer { folder.remove() }
    let file = folder.path("long.wav")
    try lowRateWAV(seconds: 600).write(to: file)
    #expect(throws: AudioInputError("long.wav: the audio lasts longer than 1 min, the longest taken", kind: .tooLong)) {
      try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .missing, limits: DecodeLimits(maxDuration: 60))
    }
    let decoded = try AudioFileDecoder.decode(
      contentsOf: file, ffmpeg: .missing, limits: DecodeLimits(maxDuration: 601))
    #expect(abs(decoded.duration - 600) < 0.01)
  }

  @Test("a 2 MB FLAC declaring 3 hours of silence is refused from its header, without running ffmpeg")
  func declaredFLACRefused() throws {
    let folder = try TemporaryDirectory("decode-limits")
    defer { folder.remove() }
    let file = try silentFLAC(seconds: 3 * 3600, declared: true, in: folder)
    #expect(try Data(contentsOf: file).count < 3_000_000)
    #expect(FLACStreamInfo.declaredSeconds(try Data(contentsOf: file)) == 3 * 3600)
    #expect(
      throws: AudioInputError(file: file, "the audio lasts longer than 120 min, the longest taken", kind: .tooLong)
    ) {
      try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .missing, limits: DecodeLimits(maxDuration: 7200))
    }
    let scratch = folder.path("scratch.flac")
    #expect(
      throws: AudioInputError("upload.flac: the audio lasts longer than 120 min, the longest taken", kind: .tooLong)
    ) {
      try AudioFileDecoder.decode(
        Data(contentsOf: file), name: "upload.flac", scratchFile: scratch, ffmpeg: .missing,
        limits: DecodeLimits(maxDuration: 7200), cancellation: nil)
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path), "never written: the header was enough")
  }

  @Test(
    "a FLAC that does not declare its length is stopped as soon as decoding passes the limit",
    .enabled(if: ffmpegInstalled))
  func streamedFLACStopped() throws {
    let folder = try TemporaryDirectory("decode-limits")
    defer { folder.remove() }
    let file = try silentFLAC(seconds: 300, declared: false, in: folder)
    #expect(FLACStreamInfo.declaredSeconds(try Data(contentsOf: file)) == nil)
    #expect(throws: AudioInputError(file: file, "the audio lasts longer than 1 min, the longest taken", kind: .tooLong))
    {
      try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .onPath, limits: DecodeLimits(maxDuration: 60))
    }
    let decoded = try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .onPath, limits: DecodeLimits(maxDuration: 301))
    #expect(decoded.samples.count == 300 * 16_000)
  }

  @Test("samples read from ffmpeg arrive whole across any split of the bytes, and stop at the limit")
  func sampleStream() {
    let values: [Int16] = [16_384, -8_192, 32_767, -32_768, 0, 4_096, 7]
    let bytes = values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    var reader = PCMStreamReader(maxSamples: 10)
    for split in stride(from: 0, to: bytes.count, by: 3) {
      let taken = reader.append(Data(bytes[split..<min(bytes.count, split + 3)]))
      #expect(taken)
    }
    let samples = reader.finish()
    #expect(samples == values.map { Float($0) / 32_768 })
    var limited = PCMStreamReader(maxSamples: 4)
    let taken = limited.append(Data(bytes))
    #expect(!taken)
    #expect(limited.overLimit)
  }

  @Test("a cancelled decode stops ffmpeg at once, long before its time limit", .enabled(if: ffmpegInstalled))
  func cancelStopsFFmpeg() async throws {
    let folder = try TemporaryDirectory("decode-cancel")
    defer { folder.remove() }
    let started = folder.path("started")
    let fake = folder.path("ffmpeg")
    // NB: a fake that says it started, then never ends by itself, so the decode can only end because it was stopped.
    try Data("#!/bin/sh\necho $$ > '\(started.path)'\nexec /bin/sleep 2147483647\n".utf8).write(to: fake)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let upload = folder.path("talk.mp3")
    try Data("ID3\u{4}\0\0\0\0\0\0".utf8).write(to: upload)
    let cancellation = DecodeCancellation()
    let locator = FFmpegLocator(timeLimit: 3600) { fake.path }
    let decode = Task.detached {
      Result { () throws(AudioInputError) in
        try AudioFileDecoder.decode(contentsOf: upload, ffmpeg: locator, cancellation: cancellation)
      }
    }
    #expect(await eventually(timeout: 30) { FileManager.default.fileExists(atPath: started.path) })
    let pid =
      Int32((try? String(contentsOf: started, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
      ?? 0
    cancellation.cancel()
    let result = await decode.value
    #expect(throws: AudioInputError("talk.mp3: decoding was cancelled", kind: .machine)) { try result.get() }
    #expect(pid > 0 && kill(pid, 0) != 0, "the stuck ffmpeg (pid \(pid)) is gone")
  }
}
