import Foundation

/// A problem with an audio file, described in one short line that names the file.
public struct AudioInputError: Error, Sendable, CustomStringConvertible, Equatable {
  /// What went wrong, for callers that answer differently (a server: 400, 413 or 500).
  public enum Kind: Sendable, Equatable {
    /// The file is not audio that can be read (a broken header, an unknown format, a decoder's complaint).
    case unreadable
    /// A known kind of file that is not audio, such as a playlist; the problem names it.
    case notAudio
    /// The audio lasts longer than the caller takes.
    case tooLong
    /// The audio could not be decoded for a reason of this machine (no room for a scratch file, no ffmpeg to run).
    case machine
  }

  /// The line shown to the user, e.g. `bad.wav: not a WAV or known audio file`.
  public var description: String
  /// The line without the file's name, e.g. `not a WAV or known audio file`.
  public var problem: String
  /// What went wrong.
  public var kind: Kind

  /// Wraps a ready-made message.
  public init(_ description: String, kind: Kind = .unreadable) {
    self.description = description
    self.problem = description
    self.kind = kind
  }

  /// Builds the message `<file name>: <problem>`.
  public init(file url: URL, _ problem: String, kind: Kind = .unreadable) {
    let name = url.lastPathComponent.isEmpty ? url.path : url.lastPathComponent
    self.description = "\(name): \(problem)"
    self.problem = problem
    self.kind = kind
  }

  /// Two errors are the same when they say the same and mean the same.
  public static func == (lhs: AudioInputError, rhs: AudioInputError) -> Bool {
    lhs.description == rhs.description && lhs.kind == rhs.kind
  }
}

/// How much decoded audio a caller takes; decoding stops (and fails with `.tooLong`) as soon as there is more.
public struct DecodeLimits: Sendable, Equatable {
  /// The longest audio taken, in seconds (nil: no limit).
  public var maxDuration: Double?

  /// Limits of `maxDuration` seconds.
  public init(maxDuration: Double? = nil) {
    self.maxDuration = maxDuration
  }

  /// No limit: the command line decodes whatever file its user names.
  public static let none = DecodeLimits()

  /// The most 16 kHz samples taken.
  var maxSamples: Int {
    guard let maxDuration else { return .max }
    return Int(min(maxDuration * Double(DecodedAudio.sampleRate), Double(Int.max / 2)))
  }

  /// Whether `seconds` of audio (at any rate) is over the limit.
  func exceeded(seconds: Double) -> Bool {
    maxDuration.map { seconds > $0 } ?? false
  }

  /// The refusal naming the limit.
  func refusal(_ url: URL) -> AudioInputError {
    let limit = maxDuration ?? 0
    let shown = limit >= 60 ? String(format: "%g min", limit / 60) : String(format: "%g s", limit)
    return AudioInputError(file: url, "the audio lasts longer than \(shown), the longest taken", kind: .tooLong)
  }
}
