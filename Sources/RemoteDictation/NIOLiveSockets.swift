#if os(Linux)
  import Foundation
  import HTTPTypes
  import Logging
  import NIOCore
  import WSClient

  /// WebSockets over swift-websocket's client (Linux): the client's handler runs for the connection's life, moving
  /// frames between the socket and two streams.
  struct NIOLiveSockets: LiveSocketTransport {
    func open(_ url: URL, headers: [String: String]) async throws -> any LiveSocketConnection {
      var fields = HTTPFields()
      for (name, value) in headers {
        if let field = HTTPField.Name(name) { fields[field] = value }
      }
      let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: fields)
      let (incoming, incomingSink) = AsyncThrowingStream<SocketFrame, any Error>.makeStream()
      let (outgoing, outgoingSink) = AsyncStream<SocketFrame?>.makeStream()
      let (opened, openedSink) = AsyncStream<Result<Void, LiveSocketError>>.makeStream()
      var logger = Logger(label: "utter.live-socket")
      logger.logLevel = .critical
      let task = Task {
        do {
          try await WebSocketClient.connect(url: url.absoluteString, configuration: configuration, logger: logger) {
            inbound, outbound, _ in
            openedSink.yield(.success(()))
            try await withThrowingTaskGroup(of: Void.self) { group in
              group.addTask {
                for await frame in outgoing {
                  switch frame {
                  case .text(let text): try await outbound.write(.text(text))
                  case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                  case nil:
                    try await outbound.close(.normalClosure, reason: nil)
                    return
                  }
                }
              }
              for try await message in inbound.messages(maxSize: 1 << 22) {
                switch message {
                case .text(let text): incomingSink.yield(.text(text))
                case .binary(let buffer): incomingSink.yield(.binary(Array(buffer.readableBytesView)))
                }
              }
              group.cancelAll()
            }
          }
          incomingSink.finish()
          openedSink.yield(.failure(.notUpgraded))
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
          incomingSink.finish(throwing: error)
          openedSink.yield(.failure(.notUpgraded))
        } catch {
          incomingSink.finish(throwing: error)
          openedSink.yield(.failure(.failed("\(error)")))
        }
        openedSink.finish()
      }
      for await result in opened {
        switch result {
        case .success: return NIOLiveSocket(incoming: incoming, outgoing: outgoingSink, task: task)
        case .failure(let error): throw error
        }
      }
      throw LiveSocketError.failed("the connection ended before it opened")
    }
  }

  /// One open socket of `NIOLiveSockets`.
  final class NIOLiveSocket: LiveSocketConnection, @unchecked Sendable {
    // NB: read by one task at a time (LiveDictation's reader); the iterator is not shared.
    private var iterator: AsyncThrowingStream<SocketFrame, any Error>.AsyncIterator
    private let outgoing: AsyncStream<SocketFrame?>.Continuation
    private let task: Task<Void, Never>

    init(
      incoming: AsyncThrowingStream<SocketFrame, any Error>, outgoing: AsyncStream<SocketFrame?>.Continuation,
      task: Task<Void, Never>
    ) {
      iterator = incoming.makeAsyncIterator()
      self.outgoing = outgoing
      self.task = task
    }

    func send(_ frame: SocketFrame) async throws {
      if case .terminated = outgoing.yield(frame) { throw LiveSocketError.failed("the socket is closed") }
    }

    func receive() async throws -> SocketFrame? {
      try await iterator.next()
    }

    func close() async {
      outgoing.yield(nil)
      outgoing.finish()
      await task.value
    }
  }
#endif
