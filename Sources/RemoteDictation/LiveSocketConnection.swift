import Foundation

/// One frame of a WebSocket, as plain values.
public enum SocketFrame: Sendable, Hashable {
  case text(String)
  case binary([UInt8])
}

/// An open WebSocket.
public protocol LiveSocketConnection: Sendable {
  /// Sends one frame.
  func send(_ frame: SocketFrame) async throws
  /// The next frame from the server; nil once the socket is closed.
  func receive() async throws -> SocketFrame?
  /// Closes the socket (normal closure).
  func close() async
}

/// Opens WebSockets: URLSession's on Apple platforms, swift-websocket's client on Linux (`LiveSockets.live`).
public protocol LiveSocketTransport: Sendable {
  /// Opens `url` with `headers` on the upgrade request; throws `LiveSocketError.notUpgraded` when the server
  /// answered the upgrade with an ordinary HTTP response.
  func open(_ url: URL, headers: [String: String]) async throws -> any LiveSocketConnection
}

/// Why a WebSocket could not be used.
public enum LiveSocketError: Error, Sendable, Hashable {
  /// The server answered with HTTP instead of switching to a WebSocket (no such endpoint, a bad key, busy).
  case notUpgraded
  /// The connection failed, in one line.
  case failed(String)
}
