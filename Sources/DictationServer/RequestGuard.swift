import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Each request on a connection, after HTTP decoding and before Hummingbird reads it:
/// - its body must end within `bodyTimeout` of its headers, else the route reading it fails with `UploadTimeout`
///   (answered 408) and the connection is closed after that answer;
/// - once the answer has gone out before the body ended (a 413 on `Content-Length`), the rest of the body is read and
///   dropped (up to `drainLimit` bytes, within the body deadline), so a client still sending sees its answer instead
///   of a reset;
/// - a request gets one answer: a second one written after it (Hummingbird's own 400 after a framing error the route
///   already answered) is dropped;
/// - a refused WebSocket handshake (Hummingbird writes an empty 400) is answered with the refusal `ConnectionGuard`
///   keeps: 401, 429, 503 or 400 in OpenAI's error shape.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let bodyTimeout: TimeAmount
  private let drainLimit: Int
  private var deadline: Scheduled<Void>?
  private var readingBody = false
  private var draining = false
  private var drained = 0
  private var requests = 0
  private var answers = 0
  private var droppingAnswer = false
  private var closeAfterAnswer = false
  private var refusal: APIError?

  init(bodyTimeout: TimeAmount, drainLimit: Int = 64 << 20) {
    self.bodyTimeout = bodyTimeout
    self.drainLimit = drainLimit
  }

  func handlerAdded(context: ChannelHandlerContext) {
    refusal = (try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self))?.refusal
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      requests += 1
      readingBody = true
      draining = false
      deadline?.cancel()
      deadline = context.eventLoop.assumeIsolated().scheduleTask(in: bodyTimeout) { [weak self] in
        self?.bodyExpired(context: context)
      }
    case .body(let buffer):
      guard !draining else {
        drained += buffer.readableBytes
        if drained > drainLimit { context.close(promise: nil) }
        return
      }
    case .end:
      readingBody = false
      draining = false
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    context.fireChannelReadComplete()
    // NB: the async channel behind stops reading once its consumer has gone; a body being dropped is read here.
    if draining { context.read() }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    let part = unwrapOutboundIn(data)
    if let refusal {
      // NB: the upgrade handler keeps the refused request's head, so this is the only answer on the connection.
      switch part {
      case .head: context.write(wrapOutboundOut(.head(refusal.responseHead(closing: true))), promise: promise)
      case .body: promise?.succeed(())
      case .end:
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: refusal.bodyData))), promise: nil)
        context.write(data, promise: promise)
      }
      return
    }
    if case .head = part, answers >= requests { droppingAnswer = true }
    guard !droppingAnswer else {
      if case .end = part { droppingAnswer = false }
      promise?.succeed(())
      return
    }
    switch part {
    case .head(var response):
      if closeAfterAnswer { response.headerFields[.connection] = "close" }
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      answers += 1
      if readingBody {
        draining = true
        context.read()
      }
      if closeAfterAnswer {
        context.writeAndFlush(data, promise: promise)
        context.close(promise: nil)
        return
      }
      context.write(data, promise: promise)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, event == .inputClosed { clientLeft(context: context) }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // The decoder's complaint about a body cut short by the client's leaving is the client's leaving.
    if readingBody, let error = error as? HTTPParserError, error == .invalidEOFState {
      clientLeft(context: context)
      return
    }
    context.fireErrorCaught(error)
  }

  /// The client stopped sending in the middle of a body: the route reading it fails with `ClientLeft` (counted 499).
  private func clientLeft(context: ChannelHandlerContext) {
    guard readingBody else { return }
    readingBody = false
    deadline?.cancel()
    deadline = nil
    closeAfterAnswer = true
    context.fireErrorCaught(ClientLeft())
  }

  /// The body did not end in time: the route reading it fails, and the connection closes after the answer (or at
  /// once, when the answer has already gone out).
  private func bodyExpired(context: ChannelHandlerContext) {
    deadline = nil
    guard readingBody else { return }
    readingBody = false
    draining = true
    guard answers < requests else {
      context.close(promise: nil)
      return
    }
    closeAfterAnswer = true
    context.fireErrorCaught(UploadTimeout())
  }
}

/// A request body that did not arrive within the server's body deadline.
struct UploadTimeout: Error {}

/// A client that left in the middle of its request's body.
struct ClientLeft: Error {}
