import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes files under the data folder readable by their owner only, without ever following a symbolic link (a
/// link planted in the folder must not let Utter change the mode of a file elsewhere).
enum OwnerOnly {
  /// Creates `url` empty with mode 0600 when nothing is there, so what opens it next keeps that mode.
  static func create(_ url: URL) {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
  }

  /// Sets `url` to mode 0600 when it is a regular file; a link, a missing file or a failure is left alone.
  static func restrict(_ url: URL) {
    let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return }
    _ = fchmod(fd, 0o600)
  }
}
