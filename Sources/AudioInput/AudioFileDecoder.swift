import Foundation

/// Reads an audio file of any supported kind and returns it as 16 kHz mono floats.
public enum AudioFileDecoder {
  /// Decodes `url`, using ffmpeg from `$PATH` for containers other than WAV and raw PCM.
  public static func decode(contentsOf url: URL) throws -> DecodedAudio {
    try decode(contentsOf: url, ffmpeg: .onPath)
  }

  /// Decodes `url`, finding ffmpeg (for mp3, m4a, ogg, flac, opus, webm…) with `ffmpeg`; more audio than `limits`
  /// take stops the decode with a `.tooLong` error, and `cancellation` stops it from another thread.
  public static func decode(
    contentsOf url: URL, ffmpeg: FFmpegLocator, limits: DecodeLimits = .none, cancellation: DecodeCancellation? = nil
  ) throws(AudioInputError) -> DecodedAudio {
    let bytes = try readFile(url)
    return try decode(bytes, url: url, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
  }

  /// Decodes bytes received from elsewhere (an upload), named `name` in messages. WAV and raw PCM are read from
  /// memory; any other container is written to `scratchFile` (owner-only) for ffmpeg and removed on every way out.
  public static func decode(
    _ data: Data, name: String, scratchFile: URL, ffmpeg: FFmpegLocator, limits: DecodeLimits,
    cancellation: DecodeCancellation?
  ) throws(AudioInputError) -> DecodedAudio {
    let display = URL(fileURLWithPath: name)
    guard !data.isEmpty else { throw AudioInputError(file: display, "file is empty") }
    guard let codec = ffmpegCodec(data, url: display) else {
      return try decode(data, url: display, ffmpeg: .missing, limits: limits, cancellation: cancellation)
    }
    try refuseDeclaredLength(data, url: display, limits: limits)
    guard
      FileManager.default.createFile(atPath: scratchFile.path, contents: data, attributes: [.posixPermissions: 0o600])
    else {
      try? FileManager.default.removeItem(at: scratchFile)
      throw AudioInputError(file: display, "there is no room to keep the upload for decoding", kind: .machine)
    }
    defer { try? FileManager.default.removeItem(at: scratchFile) }
    do {
      return try FFmpegDecoder.decode(
        scratchFile, codec: codec, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
    } catch {
      // NB: the scratch file's name is this machine's; the caller's name is the one shown.
      let problem = error.problem.replacingOccurrences(of: scratchFile.lastPathComponent, with: name)
      throw AudioInputError(file: display, problem, kind: error.kind)
    }
  }

  /// A FLAC header declares its length, so a file over the limit is refused before ffmpeg runs.
  private static func refuseDeclaredLength(_ data: Data, url: URL, limits: DecodeLimits) throws(AudioInputError) {
    if let seconds = FLACStreamInfo.declaredSeconds(data), limits.exceeded(seconds: seconds) {
      throw limits.refusal(url)
    }
  }

  /// The codec ffmpeg must decode `data` as, or nil when it is read natively (or refused).
  private static func ffmpegCodec(_ data: Data, url: URL) -> String? {
    switch AudioContainer.detect(data, fileExtension: url.pathExtension) {
    case .needsFFmpeg(let codec): return codec
    case .wav:
      let parsed = data.withUnsafeBytes { bytes -> WAVHeaderProblem? in
        do throws(WAVHeaderProblem) { _ = try WAVHeader.parse(bytes) } catch { return error }
        return nil
      }
      if case .needsFFmpeg(let codec) = parsed { return codec }
      return nil
    case .rawPCM, .notAudio, .unknown: return nil
    }
  }

  /// Decodes WAV bytes already in memory; `name` is used in error messages.
  public static func decodeWAV(_ data: Data, name: String) throws(AudioInputError) -> DecodedAudio {
    try decodeWAV(data, url: URL(fileURLWithPath: name), ffmpeg: .missing, limits: .none, cancellation: nil)
  }

  private static func decode(
    _ bytes: Data, url: URL, ffmpeg: FFmpegLocator, limits: DecodeLimits, cancellation: DecodeCancellation?
  ) throws(AudioInputError) -> DecodedAudio {
    switch AudioContainer.detect(bytes, fileExtension: url.pathExtension) {
    case .wav:
      return try decodeWAV(bytes, url: url, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
    case .rawPCM:
      guard !limits.exceeded(seconds: Double(bytes.count / 2) / Double(DecodedAudio.sampleRate)) else {
        throw limits.refusal(url)
      }
      return decodeRawPCM(bytes)
    case .needsFFmpeg(let codec):
      try refuseDeclaredLength(bytes, url: url, limits: limits)
      return try FFmpegDecoder.decode(url, codec: codec, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
    case .notAudio(let sentence):
      throw AudioInputError(file: url, sentence, kind: .notAudio)
    case .unknown:
      throw AudioInputError(file: url, "not a WAV or known audio file")
    }
  }

  private static func readFile(_ url: URL) throws(AudioInputError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw AudioInputError(file: url, "file not found")
    }
    guard !isDirectory.boolValue else { throw AudioInputError(file: url, "is a folder, not an audio file") }
    // NB: devices and pipes (/dev/zero, a FIFO) would be read forever.
    let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
    guard type == .typeRegular else { throw AudioInputError(file: url, "not a regular file") }
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw AudioInputError(file: url, "cannot be read")
    }
    guard !data.isEmpty else { throw AudioInputError(file: url, "file is empty") }
    return data
  }

  private static func decodeWAV(
    _ data: Data, url: URL, ffmpeg: FFmpegLocator, limits: DecodeLimits, cancellation: DecodeCancellation?
  ) throws(AudioInputError) -> DecodedAudio {
    let parsed = data.withUnsafeBytes { bytes -> Result<WAVHeader, WAVHeaderProblem> in
      do throws(WAVHeaderProblem) { return .success(try WAVHeader.parse(bytes)) } catch { return .failure(error) }
    }
    switch parsed {
    case .failure(.invalid(let problem)):
      throw AudioInputError(file: url, problem)
    case .failure(.needsFFmpeg(let codec)):
      return try FFmpegDecoder.decode(url, codec: codec, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
    case .success(let header):
      // NB: the header says how long the samples last, so audio over the limit is refused before it is converted.
      guard !limits.exceeded(seconds: Double(header.frameCount) / Double(header.sampleRate)) else {
        throw limits.refusal(url)
      }
      return convert(data, header: header)
    }
  }

  /// Streams the data chunk through a converter in blocks, so only the 16 kHz result is held in full.
  private static func convert(_ data: Data, header: WAVHeader) -> DecodedAudio {
    var converter = StreamingConverter(sourceSampleRate: header.sampleRate, channels: header.channels)
    var samples = [Float]()
    samples.reserveCapacity(header.frameCount * DecodedAudio.sampleRate / header.sampleRate + 1)
    let blockFrames = max(1, 65_536 / header.channels)
    var block = [Float]()
    data.withUnsafeBytes { bytes in
      var frame = 0
      while frame < header.frameCount {
        let count = min(blockFrames, header.frameCount - frame)
        let offset = header.dataRange.lowerBound + frame * header.frameByteCount
        PCMSampleReader.read(bytes, at: offset, frames: count, header: header, into: &block)
        samples.append(contentsOf: converter.process(block))
        frame += count
      }
    }
    samples.append(contentsOf: converter.finish())
    clampInPlace(&samples)
    var audio = DecodedAudio(samples: samples, sourceSampleRate: header.sampleRate, sourceChannels: header.channels)
    audio.declaredDuration = header.declaredDataBytes.map {
      Double($0 / header.frameByteCount) / Double(header.sampleRate)
    }
    return audio
  }

  /// Headerless 16 kHz s16le mono (a raw file, or what ffmpeg writes); a dangling odd byte is dropped.
  static func decodeRawPCM(_ data: Data) -> DecodedAudio {
    var samples = [Float]()
    samples.reserveCapacity(data.count / 2)
    data.withUnsafeBytes { bytes in
      for i in 0..<(bytes.count / 2) {
        let v = Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * i, as: Int16.self))
        samples.append(Float(v) / 32_768)
      }
    }
    return DecodedAudio(samples: samples, sourceSampleRate: DecodedAudio.sampleRate, sourceChannels: 1)
  }

  private static func clampInPlace(_ samples: inout [Float]) {
    for i in samples.indices where samples[i] > 1 || samples[i] < -1 {
      samples[i] = max(-1, min(1, samples[i]))
    }
  }
}
