import Foundation

/// Atomic whole-file writes and defensive reads, without locks (iOS kills a suspended process holding one).
public enum AtomicFile {
  /// Writes `data` to `url` atomically: a temporary file in the same folder, fsync, rename.
  public static func write(_ data: Data, to url: URL, sync: Bool = true) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    // NB: owner-only: dictations, settings and spools are private to the user (app and keyboard share a uid).
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw ChannelError.io("cannot create \(temporary.lastPathComponent)", errno) }
    var ok = false
    defer {
      if !ok { unlink(temporary.path) }
    }
    do {
      defer { close(fd) }
      try writeAll(data, to: fd)
      if sync, fsync(fd) != 0 { throw ChannelError.io("cannot sync \(url.lastPathComponent)", errno) }
    }
    guard rename(temporary.path, url.path) == 0 else {
      throw ChannelError.io("cannot replace \(url.lastPathComponent)", errno)
    }
    ok = true
  }

  public static func writeAll(_ data: Data, to fd: Int32) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(fd, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw ChannelError.io("write failed", errno)
        }
        offset += written
      }
    }
  }

  /// Reads `url` if it is a regular file (not a symbolic link, FIFO or device) of at most `maxBytes`.
  public static func read(_ url: URL, maxBytes: Int) -> ChannelRead<Data> {
    let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      let code = errno
      if code == ENOENT { return .missing }
      if code == ELOOP { return .rejected("is a symbolic link") }
      return .rejected("cannot open (errno \(code))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .rejected("cannot stat (errno \(errno))") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .rejected("is not a regular file") }
    guard info.st_size <= maxBytes else { return .rejected("is \(info.st_size) bytes (limit \(maxBytes))") }
    var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
    var total = 0
    while total < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(fd, buffer.baseAddress.map { $0 + total }, buffer.count - total)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .rejected("read failed (errno \(errno))")
      }
      if count == 0 { break }
      total += count
    }
    guard total <= maxBytes else { return .rejected("grew past \(maxBytes) bytes while being read") }
    return .value(Data(bytes[0..<total]))
  }
}

public enum ChannelError: Error, Sendable, CustomStringConvertible {
  case io(String, Int32)
  case invalid(String)

  public var description: String {
    switch self {
    case .io(let what, let code): "\(what): \(String(cString: strerror(code)))"
    case .invalid(let what): what
    }
  }
}
