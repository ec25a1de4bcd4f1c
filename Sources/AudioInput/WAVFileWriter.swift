import Foundation

/// Bytes of 16-bit PCM WAV files: a header and sample data.
public enum WAVEncoding {
  /// The data size written while a recording is in progress; decoders read such files to their end.
  public static let streamingDataSize: UInt32 = 0xFFFF_FFFF

  /// A 44-byte header for 16-bit PCM; `dataByteCount` nil writes the streaming placeholder.
  public static func header(sampleRate: Int, channels: Int = 1, dataByteCount: Int?) -> Data {
    var data = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    let dataSize = dataByteCount.map { UInt32(clamping: $0) } ?? streamingDataSize
    let riffSize = dataByteCount.map { UInt32(clamping: $0 + 36) } ?? streamingDataSize
    let blockAlign = UInt16(clamping: channels * 2)
    data.append(contentsOf: Array("RIFF".utf8))
    u32(riffSize)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)
    u16(1)
    u16(UInt16(clamping: channels))
    u32(UInt32(clamping: sampleRate))
    u32(UInt32(clamping: sampleRate * Int(blockAlign)))
    u16(blockAlign)
    u16(16)
    data.append(contentsOf: Array("data".utf8))
    u32(dataSize)
    return data
  }

  /// A complete 16-bit PCM WAV file holding `samples` (mono).
  public static func file(_ samples: [Float], sampleRate: Int = DecodedAudio.sampleRate) -> Data {
    header(sampleRate: sampleRate, dataByteCount: samples.count * 2) + pcm16(samples)
  }

  /// Little-endian 16-bit samples, clipped to full scale.
  public static func pcm16(_ samples: [Float]) -> Data {
    var data = Data(count: samples.count * 2)
    data.withUnsafeMutableBytes { bytes in
      for (i, sample) in samples.enumerated() {
        let clipped = sample.isFinite ? max(-1, min(1, sample)) : 0
        let value = Int16((clipped * 32_767).rounded())
        bytes.storeBytes(of: value.littleEndian, toByteOffset: 2 * i, as: Int16.self)
      }
    }
    return data
  }
}

/// Writes a 16 kHz mono recording to disk as it happens, so a crash never loses what was said.
///
/// The header carries the streaming placeholder until `finish()` fills in the real sizes; an unfinished file
/// still decodes completely with `AudioFileDecoder`.
public struct WAVFileWriter: Sendable {
  /// Where the recording goes.
  public let url: URL
  private let handle: FileHandle
  /// Sample bytes written so far.
  public private(set) var dataByteCount = 0

  /// Creates (or replaces) `url` and writes a streaming header.
  public init(url: URL) throws(AudioInputError) {
    self.url = url
    guard
      FileManager.default.createFile(
        atPath: url.path, contents: WAVEncoding.header(sampleRate: 16_000, dataByteCount: nil))
    else { throw AudioInputError(file: url, "cannot be created") }
    do {
      handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
    } catch {
      throw AudioInputError(file: url, "cannot be opened for writing")
    }
  }

  /// Appends 16 kHz mono samples.
  public mutating func append(_ samples: [Float]) throws(AudioInputError) {
    guard !samples.isEmpty else { return }
    let bytes = WAVEncoding.pcm16(samples)
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw AudioInputError(file: url, "cannot be written (disk full?)")
    }
    dataByteCount += bytes.count
  }

  /// Writes the final sizes into the header and closes the file.
  public func finish() throws(AudioInputError) {
    do {
      try handle.seek(toOffset: 0)
      try handle.write(contentsOf: WAVEncoding.header(sampleRate: 16_000, dataByteCount: dataByteCount))
      try handle.synchronize()
      try handle.close()
    } catch {
      throw AudioInputError(file: url, "cannot be finished")
    }
  }
}
