import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What claiming a result gave.
public enum ResultClaim: Sendable, Equatable {
  /// This keyboard claimed it and may insert it.
  case claimed
  /// Another keyboard (or an earlier instance of this one) claimed it first: it must not be inserted again.
  case claimedElsewhere
  /// The claim could not be written (a full disk); the reason is for the log.
  case failed(String)
}

extension ChannelFile {
  package static let claimPrefix = "claim-"

  /// Created by the keyboard that inserts result `id`, before it inserts it.
  public static func claim(_ id: String) -> String { claimPrefix + id }
}

extension SessionChannel {
  /// Claims result `id` by creating `claim-<id>` atomically, so that exactly one keyboard inserts it, once.
  public func claimResult(id: String) -> ResultClaim {
    guard ChannelValidation.isValidID(id) else { return .failed("result id '\(id)' is not a plain id") }
    let path = container.appendingPathComponent(ChannelFile.claim(id)).path
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      return errno == EEXIST ? .claimedElsewhere : .failed(String(cString: strerror(errno)))
    }
    _ = fsync(fd)
    close(fd)
    return .claimed
  }
}
