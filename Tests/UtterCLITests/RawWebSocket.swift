import Foundation

/// A WebSocket client written by hand over `RawSocket` (RFC 6455): it answers no ping unless told to, so it can be the
/// silent phone that dropped off the network.
final class RawWebSocket: @unchecked Sendable {
  let socket: RawSocket
  private var pending: [UInt8] = []

  private init(socket: RawSocket, pending: [UInt8]) {
    self.socket = socket
    self.pending = pending
  }

  /// What the server answered the handshake: a WebSocket, or an HTTP refusal.
  enum Handshake {
    case upgraded(RawWebSocket)
    case refused(RawAnswer)
  }

  /// Asks `path` on `port` to upgrade, with `token` as a bearer token when given.
  static func open(port: Int, path: String = "/v1/audio/live", token: String?) throws -> Handshake {
    let socket = try RawSocket.connect(port: port)
    var request =
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    if let token { request += "Authorization: Bearer \(token)\r\n" }
    try socket.send(request + "\r\n")
    var received: [UInt8] = []
    while true {
      if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = Array(received[..<end.upperBound])
        guard let answer = RawAnswer(head) else { throw RawSocketError("not HTTP: \(head)") }
        if answer.status == 101 {
          return .upgraded(RawWebSocket(socket: socket, pending: Array(received[end.upperBound...])))
        }
        return .refused(RawAnswer(received + (socket.readUntilClosed(timeout: 10) ?? [])) ?? answer)
      }
      switch socket.read(timeout: 10) {
      case .bytes(let bytes): received += bytes
      case .closed, .timedOut: throw RawSocketError("no handshake answer: \(String(decoding: received, as: UTF8.self))")
      }
    }
  }

  /// One frame from the server.
  struct Frame {
    var opcode: UInt8
    var payload: [UInt8]
    var text: String { String(decoding: payload, as: UTF8.self) }
    var isClose: Bool { opcode == 0x8 }
    var isPing: Bool { opcode == 0x9 }
  }

  /// The next frame, nil when the server closed the socket or sent nothing for `timeout` seconds.
  func frame(timeout: Double) -> Frame? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let frame = takeFrame() { return frame }
      guard case .bytes(let bytes) = socket.read(timeout: max(0, deadline.timeIntervalSinceNow)) else { return nil }
      pending += bytes
    }
  }

  /// Frames until the server's close frame (included) or the socket closes; nil when neither comes in `timeout`.
  /// With `answeringPings`, each ping is answered with its pong, as a live client's WebSocket library does.
  func framesUntilClose(timeout: Double, answeringPings: Bool = false) -> [Frame]? {
    let deadline = Date().addingTimeInterval(timeout)
    var frames: [Frame] = []
    while let frame = frame(timeout: max(0, deadline.timeIntervalSinceNow)) {
      frames.append(frame)
      if frame.isClose { return frames }
      if answeringPings, frame.isPing { try? socket.send(Self.clientFrame(opcode: 0xA, frame.payload)) }
    }
    return socket.read(timeout: max(0, deadline.timeIntervalSinceNow)) == .closed ? frames : nil
  }

  /// Sends a masked binary frame (as a client must).
  func sendBinary(_ payload: [UInt8]) throws { try socket.send(Self.clientFrame(opcode: 0x2, payload)) }

  /// Sends a masked text frame.
  func sendText(_ text: String) throws { try socket.send(Self.clientFrame(opcode: 0x1, Array(text.utf8))) }

  private func takeFrame() -> Frame? {
    guard pending.count >= 2 else { return nil }
    var length = Int(pending[1] & 0x7F)
    var offset = 2
    if length == 126 {
      guard pending.count >= 4 else { return nil }
      length = Int(pending[2]) << 8 | Int(pending[3])
      offset = 4
    } else if length == 127 {
      guard pending.count >= 10 else { return nil }
      length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
      offset = 10
    }
    guard pending.count >= offset + length else { return nil }
    let frame = Frame(opcode: pending[0] & 0x0F, payload: Array(pending[offset..<(offset + length)]))
    pending.removeFirst(offset + length)
    return frame
  }

  private static func clientFrame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    var frame: [UInt8] = [0x80 | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count < 65_536 {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    return frame
  }
}
