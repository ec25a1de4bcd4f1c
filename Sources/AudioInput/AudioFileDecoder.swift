import Foundation

/// Reads an audio file of any supported kind and returns it as 16 kHz mono floats.
public enum AudioFileDecoder {
  /// Decodes `url`, using ffmpeg from `$PATH` for containers other than WAV and raw PCM.
  public static func decode(contentsOf url: URL) throws -> DecodedAudio {
    try decode(contentsOf: url, ffmpeg: .onPath)
  }

  /// Decodes `url`, finding ffmpeg (for mp3, m4a, ogg, flac, opus, webm…) with `ffmpeg`.
  public static func decode(contentsOf url: URL, ffmpeg: FFmpegLocator) throws(AudioInputError) -> DecodedAudio {
    let bytes = try readFile(url)
    let header = Array(bytes.prefix(64))
    switch AudioContainer.detect(header: header, fileExtension: url.pathExtension) {
    case .wav:
      return try decodeWAV(bytes, url: url, ffmpeg: ffmpeg)
    case .rawPCM:
      return decodeRawPCM(bytes)
    case .needsFFmpeg(let codec):
      return try FFmpegDecoder.decode(url, codec: codec, ffmpeg: ffmpeg)
    case .unknown:
      throw AudioInputError(file: url, "not a WAV or known audio file")
    }
  }

  /// Decodes WAV bytes already in memory; `name` is used in error messages.
  public static func decodeWAV(_ data: Data, name: String) throws(AudioInputError) -> DecodedAudio {
    try decodeWAV(data, url: URL(fileURLWithPath: name), ffmpeg: .missing)
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

  private static func decodeWAV(_ data: Data, url: URL, ffmpeg: FFmpegLocator) throws(AudioInputError) -> DecodedAudio {
    let parsed = data.withUnsafeBytes { bytes -> Result<WAVHeader, WAVHeaderProblem> in
      do throws(WAVHeaderProblem) { return .success(try WAVHeader.parse(bytes)) } catch { return .failure(error) }
    }
    switch parsed {
    case .failure(.invalid(let problem)):
      throw AudioInputError(file: url, problem)
    case .failure(.needsFFmpeg(let codec)):
      return try FFmpegDecoder.decode(url, codec: codec, ffmpeg: ffmpeg)
    case .success(let header):
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
