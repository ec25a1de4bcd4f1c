import Foundation

/// A problem with an audio file, described in one short line that names the file.
public struct AudioInputError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The line shown to the user, e.g. `bad.wav: not a WAV or known audio file`.
  public var description: String

  /// Wraps a ready-made message.
  public init(_ description: String) {
    self.description = description
  }

  /// Builds the message `<file name>: <problem>`.
  public init(file url: URL, _ problem: String) {
    let name = url.lastPathComponent.isEmpty ? url.path : url.lastPathComponent
    self.description = "\(name): \(problem)"
  }
}
