import Foundation
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 + WebSocket channel with a deadline on every connection: a connection from an address that
/// already holds `limits.perAddress` is closed as it arrives, one whose first request's headers have not ended
/// `headerTimeout` after accept is closed (bare connections, partial headers), and each request's body has
/// `RequestGuard`'s deadline. A refused WebSocket handshake is answered with its reason (`ConnectionGuard.refusal`).
struct GuardedChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value
  let inner: HTTP1WebSocketUpgradeChannel
  let limits: ConnectionLimits
  let headerTimeout: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    guard limits.admits(channel) else {
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(ConnectionRefused())
    }
    let connection = ConnectionGuard()
    do {
      try channel.pipeline.syncOperations.addHandler(connection, position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      // The head watcher reads the decoder's parts before the upgrade handler takes them.
      let upgrader = try channel.pipeline.syncOperations.handler(
        type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
      try channel.pipeline.syncOperations.addHandler(
        HeadWatcher(headerTimeout: headerTimeout), position: .before(upgrader))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    // NB: swift-websocket closes every WebSocket with 1000 as soon as graceful shutdown starts (its handler registers
    // `withGracefulShutdownHandler`), before a live dictation can send its final text. Run the connection outside
    // the server's shutdown context; the server still quiesces it (`ChannelShouldQuiesceEvent`, which
    // `ConnectionGuard` passes to a live dictation) and cancels it when the server is cancelled.
    let inner = inner
    let task = Task.detached {
      await inner.handle(value: value, logger: logger)
      // NB: a handshake the upgrade handler failed (no Sec-WebSocket-Key) leaves the channel open; close it.
      try? await value.channel.close()
    }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

/// A connection closed as it arrived (its address holds too many).
struct ConnectionRefused: Error {}

/// The connections open from each address, against a cap per address.
final class ConnectionLimits: @unchecked Sendable {
  let perAddress: Int
  private let lock = NSLock()
  private var open: [String: Int] = [:]
  /// Connections whose place `AcceptOrder` decided as they arrived, until their setup asks.
  private var decided: [ObjectIdentifier: Bool] = [:]

  init(perAddress: Int) {
    self.perAddress = max(1, perAddress)
  }

  /// Decides `channel`'s place as it is accepted (on the listening channel, in arrival order).
  func decide(_ channel: any Channel) {
    let admitted = open(channel)
    lock.withLock { decided[ObjectIdentifier(channel)] = admitted }
  }

  /// Whether `channel` has a place: as decided when it was accepted, else counted now.
  func admits(_ channel: any Channel) -> Bool {
    let decision = lock.withLock { decided.removeValue(forKey: ObjectIdentifier(channel)) }
    return decision ?? open(channel)
  }

  /// Counts `channel` until it closes; false (and nothing counted) when its address already holds `perAddress`.
  func open(_ channel: any Channel) -> Bool {
    let address = channel.remoteAddress?.ipAddress ?? "unknown"
    let admitted = lock.withLock {
      guard open[address, default: 0] < perAddress else { return false }
      open[address, default: 0] += 1
      return true
    }
    guard admitted else { return false }
    channel.closeFuture.whenComplete { [self] _ in
      lock.withLock {
        open[address, default: 1] -= 1
        if open[address] == 0 { open[address] = nil }
      }
    }
    return true
  }
}

/// First on the listening channel: each accepted connection gets its place against the per-address cap in the order
/// connections arrive, so the one over the cap is the last to come. (`GuardedChannel.setup` runs on each connection's
/// own event loop, in no set order: deciding there could refuse an earlier connection instead.)
final class AcceptOrder: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel
  let limits: ConnectionLimits

  init(limits: ConnectionLimits) {
    self.limits = limits
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    limits.decide(unwrapInboundIn(data))
    context.fireChannelRead(data)
  }
}

/// First in every connection's pipeline: tells a live dictation that the server stops, a streamed answer that its
/// client left, and keeps why a WebSocket handshake was refused, for `RequestGuard` to answer.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer

  /// Why the WebSocket handshake on this connection was refused (set by the live route's check).
  var refusal: APIError?
  /// Called once when the server starts to stop (set by a live dictation on this connection).
  var onQuiesce: (@Sendable () -> Void)?
  /// Called once when the client closes its side or the connection closes (set by the request being answered).
  private var onClientLeft: (@Sendable () -> Void)?
  private var clientLeft = false

  /// Calls `left` once the client leaves: it closed its side (Hummingbird keeps a half-closed connection open, and a
  /// stream writes nothing for seconds at a time, so only this says it at once; nginx reads it as a client that left
  /// too) or the connection closed. At once if it already has. On the channel's event loop.
  func whenClientLeaves(_ left: @escaping @Sendable () -> Void) {
    if clientLeft { left() } else { onClientLeft = left }
  }

  /// Registers `left` on `channel`'s guard (from any thread).
  static func whenClientLeaves(_ channel: any Channel, _ left: @escaping @Sendable () -> Void) {
    channel.eventLoop.execute {
      guard let connection = try? channel.pipeline.syncOperations.handler(type: ConnectionGuard.self) else {
        return left()
      }
      connection.whenClientLeaves(left)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      onQuiesce?()
      onQuiesce = nil
    }
    if case ChannelEvent.inputClosed = event { leave() }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    leave()
    context.fireChannelInactive()
  }

  private func leave() {
    clientLeft = true
    let left = onClientLeft
    onClientLeft = nil
    left?()
  }
}

/// Between the HTTP decoder and the upgrade handler until the first request's headers are complete: when they are
/// not `headerTimeout` after accept, or the server stops before they are, the connection is closed (as if its input
/// had ended, so the upgrade handler closes it without an error). Then it leaves the pipeline, before an upgrade would
/// hand it WebSocket frames; the idle timeout takes over.
final class HeadWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let headerTimeout: TimeAmount
  private var deadline: Scheduled<Void>?

  init(headerTimeout: TimeAmount) {
    self.headerTimeout = headerTimeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: headerTimeout) { [weak self] in
      self?.closeQuietly(context: context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    deadline?.cancel()
    deadline = nil
    context.fireChannelRead(data)
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    closeQuietly(context: context)
  }

  private func closeQuietly(context: ChannelHandlerContext) {
    deadline = nil
    context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    if context.channel.isActive { context.close(promise: nil) }
  }
}

extension TimeAmount {
  /// `seconds` (fractions kept) as NIO's time amount.
  static func seconds(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1e9)) }
}
