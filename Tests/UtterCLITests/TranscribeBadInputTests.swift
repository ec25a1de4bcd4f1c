import Foundation
import TestSupport
import Testing

/// Writes a WAV file with a chosen header, for inputs no recorder would make.
func writeWAV(
  _ url: URL, format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16_000, bits: UInt16 = 16,
  data: Data = Data(count: 200), declaredDataSize: UInt32? = nil, fmtSize: UInt32 = 16
) throws {
  var body = Data("WAVEfmt ".utf8)
  func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { body.append(contentsOf: $0) } }
  func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { body.append(contentsOf: $0) } }
  u32(fmtSize); u16(format); u16(channels); u32(rate)
  u32(rate * UInt32(channels) * UInt32(bits) / 8); u16(channels * bits / 8); u16(bits)
  body.append(contentsOf: Array("data".utf8)); u32(declaredDataSize ?? UInt32(data.count)); body.append(data)
  var file = Data("RIFF".utf8)
  withUnsafeBytes(of: UInt32(body.count).littleEndian) { file.append(contentsOf: $0) }
  file.append(body)
  try file.write(to: url)
}

@Suite("utter transcribe on bad input")
struct TranscribeBadInputTests {
  /// Runs `utter transcribe FILE` with a data folder that does not exist yet; returns its output and whether
  /// the data folder was created.
  func transcribeTouching(_ url: URL, environment: [String: String] = [:]) async throws -> (ProcessOutput, Bool) {
    let home = try TemporaryDirectory("utter-home")
    defer { home.remove() }
    let data = home.path("data")
    let output = try await UtterBinary.run(
      ["transcribe", "--data-dir", data.path, url.path], environment: environment, timeout: 60)
    return (output, FileManager.default.fileExists(atPath: data.path))
  }

  /// Runs `utter transcribe FILE` and returns its output.
  func transcribe(_ url: URL, environment: [String: String] = [:]) async throws -> ProcessOutput {
    try await transcribeTouching(url, environment: environment).0
  }

  @Test(
    "each broken file gets one line naming the file and the problem, and exit status 1",
    arguments: [
      ("empty.wav", "file is empty"),
      ("truncated.wav", "truncated WAV header"),
      ("notes.wav", "not a WAV or known audio file"),
      ("picture.wav", "a PNG image is not audio"),
      ("zero-channels.wav", "WAV declares 0 channels"),
      ("zero-rate.wav", "WAV declares a sample rate of 0 Hz"),
      ("twelve-bit.wav", "unsupported WAV sample format: 12-bit PCM"),
      ("two-gigabytes.wav", "truncated WAV data (2000000000 bytes declared, 200 present)"),
      ("huge-fmt.wav", "WAV fmt chunk claims 4294967280 bytes, more than the file holds"),
      ("missing.wav", "file not found"),
      ("folder.wav", "is a folder, not an audio file"),
    ])
  func badInput(name: String, problem: String) async throws {
    let dir = try TemporaryDirectory("utter-bad")
    defer { dir.remove() }
    let url = dir.path(name)
    switch name {
    case "empty.wav": FileManager.default.createFile(atPath: url.path, contents: Data())
    case "truncated.wav": try Data("RIFF\u{10}\0\0\0WAVEfmt ".utf8).write(to: url)
    case "notes.wav": try Data("remember the milk\n".utf8).write(to: url)
    case "picture.wav": try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)).write(to: url)
    case "zero-channels.wav": try writeWAV(url, channels: 0)
    case "zero-rate.wav": try writeWAV(url, rate: 0)
    case "twelve-bit.wav": try writeWAV(url, bits: 12)
    case "two-gigabytes.wav": try writeWAV(url, declaredDataSize: 2_000_000_000)
    case "huge-fmt.wav": try writeWAV(url, fmtSize: 0xFFFF_FFF0)
    case "folder.wav": try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    default: break
    }
    let (result, createdData) = try await transcribeTouching(url)
    #expect(result.status == 1)
    #expect(result.stderr == "utter: \(name): \(problem)\n")
    #expect(result.stdout.isEmpty)
    #expect(!createdData, "a file that cannot be read touches no data")
  }

  @Test("an mp3 without ffmpeg installed says ffmpeg is needed", .enabled(if: SyntheticSpeech.which("ffmpeg") != nil))
  func mp3WithoutFFmpeg() async throws {
    let dir = try TemporaryDirectory("utter-mp3")
    defer { dir.remove() }
    let wav = dir.path("tone.wav")
    try WAVWriter.write((0..<8000).map { sinf(Float($0) * 0.1) * 0.3 }, sampleRate: 16_000, to: wav)
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-i", wav.path, dir.path("voice.mp3").path])
    let result = try await transcribe(dir.path("voice.mp3"), environment: ["PATH": "/nonexistent"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("utter: voice.mp3: "))
    #expect(result.stderr.contains("ffmpeg"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test(
    "noise alone in mp3, ogg, flac or m4a is one line 'no speech detected' and exit status 1",
    .enabled(if: SyntheticSpeech.which("ffmpeg") != nil), arguments: ["mp3", "ogg", "flac", "m4a"])
  func noiseInOtherContainers(format: String) async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-noise")
    defer { dir.remove() }
    var generator = SystemRandomNumberGenerator()
    let hiss = (0..<(16_000 * 2)).map { _ in Float.random(in: -0.003...0.003, using: &generator) }
    try WAVWriter.write(hiss, sampleRate: 16_000, to: dir.path("noise.wav"))
    let encoded = dir.path("noise.\(format)")
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-i", dir.path("noise.wav").path, encoded.path])
    let result = try await transcribe(encoded)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "utter: noise.\(format): no speech detected\n")
  }

  @Test("a bad --threads or --beam is refused before the file is even read")
  func badEngineOptions() async throws {
    let dir = try TemporaryDirectory("utter-bad-options")
    defer { dir.remove() }
    for (option, value, message) in [
      ("--threads", "0", "--threads must be from 1 to 512, not 0"),
      ("--beam", "9", "--beam must be from 1 to 8, not 9"),
    ] {
      let result = try await UtterBinary.run(
        ["transcribe", option, value, "--data-dir", dir.path("data").path, dir.path("missing.wav").path], timeout: 60)
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "utter: \(message) (see 'utter transcribe --help')\n")
      #expect(!FileManager.default.fileExists(atPath: dir.path("data").path))
    }
  }
}

@Suite("utter transcribe: a recording cut off by a crash", .serialized)
struct TranscribeTruncatedTests {
  @Test("the words that are there are transcribed and kept, and stderr says the file was truncated")
  func cutShort() async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-cut")
    defer { dir.remove() }
    // The first 100,000 bytes of the 9.7 s demo: its header still declares them all.
    let demo = try Data(contentsOf: PackagePaths.file("Samples/demo.wav"))
    let cut = dir.path("cut.wav")
    try demo.prefix(100_000).write(to: cut)
    let result = try await UtterBinary.run(["transcribe", "--data-dir", dir.path("home").path, cut.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("meet on Tuesday"), "\(result.stdout)")
    #expect(
      result.stderr
        == "utter: cut.wav: the file is truncated: its header declares 9.7 s of audio, 3.1 s are there; transcribing those\n"
    )
    let history = try await UtterBinary.run(["history", "list", "--data-dir", dir.path("home").path])
    #expect(history.stdout.contains("Tuesday"), "the words are kept in history: \(history.stdout)")
  }
}
