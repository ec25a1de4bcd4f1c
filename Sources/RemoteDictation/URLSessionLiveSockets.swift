#if canImport(Darwin)
  import Foundation

  /// WebSockets over URLSession (iOS 13+, macOS 10.15+).
  struct URLSessionLiveSockets: LiveSocketTransport {
    func open(_ url: URL, headers: [String: String]) async throws -> any LiveSocketConnection {
      var request = URLRequest(url: url, timeoutInterval: 30)
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      let task = URLSession.shared.webSocketTask(with: request)
      task.maximumMessageSize = 1 << 22
      task.resume()
      let socket = URLSessionLiveSocket(task: task)
      // NB: URLSession opens the socket lazily; the first receive tells an upgrade from a refusal.
      do {
        socket.first = try await socket.next()
      } catch {
        if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
          throw LiveSocketError.notUpgraded
        }
        throw LiveSocketError.failed(error.localizedDescription)
      }
      return socket
    }
  }

  /// One open socket of `URLSessionLiveSockets`.
  final class URLSessionLiveSocket: LiveSocketConnection, @unchecked Sendable {
    private let task: URLSessionWebSocketTask
    /// The frame read while opening, handed out first.
    var first: SocketFrame?

    init(task: URLSessionWebSocketTask) {
      self.task = task
    }

    func send(_ frame: SocketFrame) async throws {
      switch frame {
      case .text(let text): try await task.send(.string(text))
      case .binary(let bytes): try await task.send(.data(Data(bytes)))
      }
    }

    func receive() async throws -> SocketFrame? {
      if let frame = first {
        first = nil
        return frame
      }
      do {
        return try await next()
      } catch {
        if task.closeCode != .invalid { return nil }
        throw error
      }
    }

    func next() async throws -> SocketFrame {
      switch try await task.receive() {
      case .string(let text): return .text(text)
      case .data(let data): return .binary(Array(data))
      @unknown default: return .binary([])
      }
    }

    func close() async {
      task.cancel(with: .normalClosure, reason: nil)
    }
  }
#endif
