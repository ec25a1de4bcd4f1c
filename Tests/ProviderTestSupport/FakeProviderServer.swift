import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TestSupport

/// A real HTTP server on 127.0.0.1 (port chosen by the system) that plays a cloud API in tests.
///
/// Each request is recorded and handed to the test's handler, which checks it the way the real API would
/// and picks the reply (documented bodies, errors, 429s, slow answers, garbage).
public final class FakeProviderServer: Sendable {
  /// `http://127.0.0.1:PORT`, no trailing slash.
  public let baseURL: URL
  private let log: RequestLog
  private let task: Task<Void, any Error>

  private init(baseURL: URL, log: RequestLog, task: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.log = log
    self.task = task
  }

  /// Every request received so far, in order.
  public var requests: [RecordedRequest] { log.all }

  /// `baseURL` with `path` appended.
  public func url(_ path: String) -> URL {
    URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
  }

  /// Starts a server answering with `handler`.
  public static func start(_ handler: @escaping @Sendable (RecordedRequest) async -> FakeReply) async throws
    -> FakeProviderServer
  {
    let log = RequestLog()
    let (ports, portSink) = AsyncStream<Int>.makeStream()
    let responder = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
      let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
      var headers: [String: String] = [:]
      for field in request.headers {
        let name = field.name.canonicalName
        headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
      }
      let recorded = RecordedRequest(
        method: request.method.rawValue, target: request.uri.description, headers: headers,
        body: Data(body.readableBytesView))
      log.append(recorded)
      let reply = await handler(recorded)
      if let gate = reply.heldUntil {
        log.hold(gate)
        // NB: a client that never gives up gets the answer after all (once `eventually` has run out of patience),
        // so that its test fails on the late answer instead of hanging.
        let backstop = Task {
          if !(await eventually(timeout: 60) { gate.opened || Task.isCancelled }) { gate.open() }
        }
        await gate.wait()
        backstop.cancel()
      }
      var fields = HTTPFields()
      for (name, value) in reply.headers {
        if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
      }
      return Response(
        status: .init(code: reply.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
    var logger = Logger(label: "fake-provider-server")
    logger.logLevel = .critical
    let app = Application(
      responder: responder, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in
        portSink.yield(channel.localAddress?.port ?? 0)
        portSink.finish()
      }, logger: logger)
    let task = Task { try await app.run() }
    var port = 0
    for await chosen in ports {
      port = chosen
      break
    }
    guard port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
      task.cancel()
      throw FakeServerError("the fake server did not start")
    }
    return FakeProviderServer(baseURL: url, log: log, task: task)
  }

  /// Waits until the server has received `count` requests (a request the server holds counts once it arrived);
  /// false if they never come. Waits for the requests, not for a time.
  public func received(_ count: Int = 1, timeout: Double = 60) async -> Bool {
    await eventually(timeout: timeout) { self.requests.count >= count }
  }

  /// Stops the server and waits for it to close; replies still held are let go first.
  public func stop() async {
    log.releaseHeld()
    task.cancel()
    _ = try? await task.value
  }

  /// Runs `body` with a server answering with `handler`, then stops it.
  public static func with<T>(
    _ handler: @escaping @Sendable (RecordedRequest) async -> FakeReply,
    _ body: (FakeProviderServer) async throws -> T
  ) async throws -> T {
    let server = try await start(handler)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}

/// A failure of the fake server itself.
public struct FakeServerError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The server's record of requests, safe to share across tasks.
final class RequestLog: @unchecked Sendable {
  private let lock = NSLock()
  private var requests: [RecordedRequest] = []

  private var held: [Gate] = []
  private var stopped = false

  func append(_ request: RecordedRequest) { lock.withLock { requests.append(request) } }
  var all: [RecordedRequest] { lock.withLock { requests } }

  /// Remembers a gate a reply waits at, so that stopping the server can open it (opened at once when stopped).
  func hold(_ gate: Gate) {
    let open = lock.withLock {
      held.append(gate)
      return stopped
    }
    if open { gate.open() }
  }

  /// Opens every gate a reply waits at, now and from now on.
  func releaseHeld() {
    let gates = lock.withLock {
      stopped = true
      return held
    }
    for gate in gates { gate.open() }
  }
}
