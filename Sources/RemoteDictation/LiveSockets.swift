import Foundation

/// The WebSocket transport of this platform.
public enum LiveSockets {
  #if canImport(Darwin)
    /// URLSession's WebSocket.
    public static var live: any LiveSocketTransport { URLSessionLiveSockets() }
  #else
    /// swift-websocket's client on SwiftNIO.
    public static var live: any LiveSocketTransport { NIOLiveSockets() }
  #endif
}
