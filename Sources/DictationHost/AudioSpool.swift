import DictationValues
import Foundation
import SessionChannel
import SpeechEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the spool keeps beside a recording's audio, so that a recovered dictation can be formatted and dated.
public struct SpoolSidecar: Codable, Sendable, Hashable {
  public var dictationID: String
  public var sessionID: String
  public var commandSeq: Int
  public var startedAt: Double
  public var sampleRate: Int
  public var context: FieldContext
  /// Who started it (nil in sidecars written before it was kept: the keyboard's).
  public var origin: DictationOrigin?

  /// The sidecar of `dictation`, recorded in session `sessionID` from `startedAt` (seconds since 1970).
  public init(_ dictation: ActiveDictation, sessionID: String, startedAt: Double, sampleRate: Int = engineSampleRate) {
    dictationID = dictation.id
    self.sessionID = sessionID
    commandSeq = dictation.commandSeq
    self.startedAt = startedAt
    self.sampleRate = sampleRate
    context = dictation.context
    origin = dictation.origin
  }
}

/// Audio of dictations in progress, on disk (`spool/<dictation-id>.pcm`, 16 kHz s16le, plus `.json`), so that
/// a crash or kill loses at most the last half second.
public struct AudioSpool: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// Opens a spool file for a new recording.
  public func begin(_ sidecar: SpoolSidecar) throws -> SpoolWriter {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let data = try JSONEncoder().encode(sidecar)
    try AtomicFile.write(data, to: sidecarURL(sidecar.dictationID))
    return try SpoolWriter(url: audioURL(sidecar.dictationID))
  }

  /// Deletes a recording's spool once it is in history (or was cancelled).
  public func remove(_ dictationID: String) {
    unlink(audioURL(dictationID).path)
    unlink(sidecarURL(dictationID).path)
  }

  /// Recordings a previous run left behind, oldest first.
  public func leftovers() -> [SpoolSidecar] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      .compactMap { name in
        guard case .value(let data) = AtomicFile.read(directory.appendingPathComponent(name), maxBytes: 64 * 1024)
        else { return nil }
        return try? JSONDecoder().decode(SpoolSidecar.self, from: data)
      }
      .sorted { $0.startedAt < $1.startedAt }
  }

  /// The samples spooled for a recording.
  public func samples(of dictationID: String) -> [Float] {
    guard let data = FileManager.default.contents(atPath: audioURL(dictationID).path) else { return [] }
    var samples = [Float](repeating: 0, count: data.count / 2)
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      for index in samples.indices {
        let value = Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
        samples[index] = Float(value) / 32768
      }
    }
    return samples
  }

  func audioURL(_ id: String) -> URL { directory.appendingPathComponent("\(id).pcm") }
  func sidecarURL(_ id: String) -> URL { directory.appendingPathComponent("\(id).json") }
}

/// Appends samples to a spool file and syncs it to disk at most every `syncInterval` seconds.
public final class SpoolWriter: @unchecked Sendable {
  private let fd: Int32
  private var lastSync: Double = 0
  public var syncInterval: Double = 0.5

  init(url: URL) throws {
    fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw ChannelError.io("cannot create \(url.lastPathComponent)", errno) }
  }

  deinit { close(fd) }

  /// Appends `samples` as 16-bit little-endian PCM; syncs when `now` is past the interval.
  public func append(_ samples: [Float], now: Double) throws {
    var bytes = [UInt8](repeating: 0, count: samples.count * 2)
    for (index, sample) in samples.enumerated() {
      let value = UInt16(bitPattern: Int16(max(-1, min(1, sample)) * 32767))
      bytes[index * 2] = UInt8(value & 0xFF)
      bytes[index * 2 + 1] = UInt8(value >> 8)
    }
    try AtomicFile.writeAll(Data(bytes), to: fd)
    if now - lastSync >= syncInterval {
      fsync(fd)
      lastSync = now
    }
  }

  /// Syncs everything written so far.
  public func sync() { fsync(fd) }
}
