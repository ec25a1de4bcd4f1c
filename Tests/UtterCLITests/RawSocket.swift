import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection to 127.0.0.1 on the system's sockets, for what well-behaved HTTP clients never do: stay silent,
/// send half a header, trickle a body, speak WebSocket frames by hand. Every wait has a deadline.
final class RawSocket: @unchecked Sendable {
  let fd: Int32

  private init(fd: Int32) { self.fd = fd }

  deinit { Glibc.close(fd) }

  /// Connects to `port` on 127.0.0.1; a send blocks at most `sendTimeout` seconds.
  static func connect(port: Int, sendTimeout: Double = 10) throws -> RawSocket {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawSocketError("socket: \(errno)") }
    let socket = RawSocket(fd: fd)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw RawSocketError("connect: \(errno)") }
    var timeout = timeval(tv_sec: Int(sendTimeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return socket
  }

  /// Sends every byte; throws when the server stops taking them (closed, reset, or not reading for the send timeout).
  func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { throw RawSocketError("send stopped after \(sent) of \(bytes.count) bytes: \(errno)") }
      sent += count
    }
  }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// What one read gave.
  enum Read: Equatable {
    case bytes([UInt8])
    case closed
    case timedOut
  }

  /// Waits up to `timeout` seconds for bytes or the server's close (a reset counts as closed).
  func read(timeout: Double) -> Read {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return .timedOut }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    return count > 0 ? .bytes(Array(buffer[0..<count])) : .closed
  }

  /// Everything the server sends until it closes, or nil when it has not closed within `timeout` seconds.
  func readUntilClosed(timeout: Double) -> [UInt8]? {
    let deadline = Date().addingTimeInterval(timeout)
    var received: [UInt8] = []
    while true {
      switch read(timeout: max(0, deadline.timeIntervalSinceNow)) {
      case .bytes(let bytes): received += bytes
      case .closed: return received
      case .timedOut: return nil
      }
    }
  }

  /// Half-closes or closes: the server sees the client leave.
  func close() { shutdown(fd, Int32(SHUT_RDWR)) }

  /// Waits until the server has closed each of `sockets` (discarding what they send), at most `timeout` seconds; the
  /// seconds each took from the call, nil for those still open.
  static func waitUntilClosed(_ sockets: [RawSocket], timeout: Double) -> [Double?] {
    let start = Date()
    var closedAt = [Double?](repeating: nil, count: sockets.count)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while closedAt.contains(where: { $0 == nil }), Date().timeIntervalSince(start) < timeout {
      let open = sockets.indices.filter { closedAt[$0] == nil }
      var pollers = open.map { pollfd(fd: sockets[$0].fd, events: Int16(POLLIN), revents: 0) }
      let remaining = timeout - Date().timeIntervalSince(start)
      guard poll(&pollers, nfds_t(pollers.count), Int32(max(1, remaining * 1000))) > 0 else { continue }
      for (slot, index) in open.enumerated() where pollers[slot].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { recv(sockets[index].fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { closedAt[index] = Date().timeIntervalSince(start) }
      }
    }
    return closedAt
  }
}

extension RawSocket {
  /// Sends `bytes` bytes of body on each of `sockets` every `every` seconds the server stays silent, until it answers
  /// and closes; what each received, nil for those still open after `timeout` seconds.
  static func trickle(_ sockets: [RawSocket], bytes: Int, every: Double, timeout: Double) -> [[UInt8]?] {
    let start = Date()
    var received = [[UInt8]](repeating: [], count: sockets.count)
    var closed = [Bool](repeating: false, count: sockets.count)
    var nextSend = Date()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while closed.contains(false), Date().timeIntervalSince(start) < timeout {
      if Date() >= nextSend {
        for index in sockets.indices where !closed[index] {
          try? sockets[index].send([UInt8](repeating: 0x61, count: bytes))
        }
        nextSend = Date().addingTimeInterval(every)
      }
      let open = sockets.indices.filter { !closed[$0] }
      var pollers = open.map { pollfd(fd: sockets[$0].fd, events: Int16(POLLIN), revents: 0) }
      let wait = max(1, Int32(nextSend.timeIntervalSinceNow * 1000))
      guard poll(&pollers, nfds_t(pollers.count), wait) > 0 else { continue }
      for (slot, index) in open.enumerated() where pollers[slot].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { recv(sockets[index].fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { received[index] += buffer[0..<count] } else { closed[index] = true }
      }
    }
    return sockets.indices.map { closed[$0] ? received[$0] : nil }
  }
}

struct RawSocketError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// An HTTP/1.1 answer read off a raw socket: the first response's status, headers and body.
struct RawAnswer {
  var status: Int
  var headers: [String: String]
  var body: String

  /// Parses the first response in `bytes`; nil when they hold none.
  init?(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { return nil }
    let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
    guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
      let status = Int(statusLine.dropFirst(9).prefix(3))
    else { return nil }
    self.status = status
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    self.headers = headers
    let rest = text[split.upperBound...]
    body = headers["content-length"].flatMap(Int.init).map { String(rest.utf8.prefix($0)) ?? "" } ?? String(rest)
  }

  /// OpenAI's error body: `error.message` and `error.code`.
  var error: (message: String, code: String?, param: String?)? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      let error = object["error"] as? [String: Any], let message = error["message"] as? String
    else { return nil }
    return (message, error["code"] as? String, error["param"] as? String)
  }
}
