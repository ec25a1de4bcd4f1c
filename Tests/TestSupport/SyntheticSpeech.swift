import Foundation

/// Test audio made on this machine: speech from espeak-ng, tones and noise written as WAV.
public enum SyntheticSpeech {
  /// Whether espeak-ng and sox are installed.
  public static var isAvailable: Bool {
    which("espeak-ng") != nil && which("sox") != nil
  }

  /// Speaks `text` with espeak-ng and converts it to a 16 kHz mono 16-bit WAV at `url`, the same every time.
  public static func synthesize(
    _ text: String, to url: URL, voice: String = "en-us", wordsPerMinute: Int = 150
  ) throws {
    let raw = url.deletingPathExtension().appendingPathExtension("espeak.wav")
    try run("espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-w", raw.path, text])
    // NB: no dither (-D), so that the same text always gives the same samples and the same transcription.
    try run("sox", ["-D", raw.path, "-r", "16000", "-c", "1", "-b", "16", url.path])
    try? FileManager.default.removeItem(at: raw)
  }

  /// Runs a program to completion, throwing when it fails.
  public static func run(_ program: String, _ arguments: [String]) throws {
    guard let path = which(program) else { throw SyntheticSpeechError("\(program) is not installed") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SyntheticSpeechError("\(program) failed with status \(process.terminationStatus)")
    }
  }

  /// The full path of `program` on `PATH`, if any.
  public static func which(_ program: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for dir in paths {
      let candidate = "\(dir)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

public struct SyntheticSpeechError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Writes 16-bit PCM WAV files from float samples, for tests that need exact audio.
public enum WAVWriter {
  public static func write(_ samples: [Float], sampleRate: Int, channels: Int = 1, to url: URL) throws {
    var data = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    let byteCount = UInt32(samples.count * 2)
    data.append(contentsOf: Array("RIFF".utf8)); u32(36 + byteCount)
    data.append(contentsOf: Array("WAVE".utf8))
    data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(UInt16(channels))
    u32(UInt32(sampleRate)); u32(UInt32(sampleRate * channels * 2)); u16(UInt16(channels * 2)); u16(16)
    data.append(contentsOf: Array("data".utf8)); u32(byteCount)
    for s in samples {
      let v = Int16(max(-1, min(1, s)) * 32767)
      withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) }
    }
    try data.write(to: url)
  }
}
