#if os(Linux)
  import Foundation
  import Glibc
  import Logging

  /// Watches a directory with inotify and reports files renamed into it or closed after writing.
  public struct InotifyNotifier: ChangeNotifier {
    public let directory: URL
    let logger: Logger

    public init(directory: URL, logger: Logger = Logger(label: "utter.session")) {
      self.directory = directory
      self.logger = logger
    }

    /// Nothing to do: the rename itself wakes watchers.
    public func post(_ name: String) {}

    public func changes() -> AsyncStream<String> {
      let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(256))
      let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard fd >= 0 else {
        logger.warning("inotify unavailable (errno \(errno)); relying on polling")
        continuation.finish()
        return stream
      }
      let mask = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE)
      guard inotify_add_watch(fd, directory.path, mask) >= 0 else {
        logger.warning("cannot watch \(directory.path) (errno \(errno)); relying on polling")
        close(fd)
        continuation.finish()
        return stream
      }
      let stop = StopFlag()
      continuation.onTermination = { _ in stop.set() }
      let thread = Thread {
        Self.readEvents(fd: fd, stop: stop, continuation: continuation)
        close(fd)
      }
      thread.name = "utter.inotify"
      thread.start()
      return stream
    }

    /// Blocks in poll(2) until events arrive; checks `stop` at least every 100 ms.
    private static func readEvents(fd: Int32, stop: StopFlag, continuation: AsyncStream<String>.Continuation) {
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while !stop.isSet {
        var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollFD, 1, 100)
        if ready <= 0 { continue }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { continue }
        for name in names(in: buffer, count: count) { continuation.yield(name) }
      }
      continuation.finish()
    }

    /// File names in a buffer of `struct inotify_event` records: wd, mask, cookie, len (4 bytes each), name.
    static func names(in buffer: [UInt8], count: Int) -> [String] {
      var names: [String] = []
      var offset = 0
      while offset + 16 <= count {
        let length = buffer[offset + 12..<offset + 16].enumerated().reduce(0) {
          $0 | Int($1.element) << (8 * $1.offset)
        }
        let start = offset + 16
        let end = min(start + length, count)
        let bytes = buffer[start..<end].prefix { $0 != 0 }
        if let name = String(bytes: bytes, encoding: .utf8), !name.isEmpty { names.append(name) }
        offset = start + length
      }
      return names
    }
  }

  /// A flag set once from any thread.
  final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
  }
#endif
