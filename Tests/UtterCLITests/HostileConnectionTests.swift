import Foundation
import HTTPTransport
import TestSupport
import Testing

/// Clients that hold connections without finishing a request: each is closed within its deadline, its place freed,
/// and `/health` keeps answering (issue 35: a server with no deadline before a request's headers ran out of
/// descriptors and answered nothing).
@Suite("utter serve against clients that hold connections", .serialized)
struct HostileConnectionTests {
  @Test("60 idle sockets and 60 sending half a header are closed at the header deadline; /health answers throughout")
  func idleAndPartialHeaders() async throws {
    try await HostileServer.with { server in
      var sockets: [RawSocket] = []
      for index in 0..<120 {
        let socket = try RawSocket.connect(port: server.port)
        if index >= 60 { try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") }
        sockets.append(socket)
      }
      let holding = sockets
      let closing = Task { try await offThePool { RawSocket.waitUntilClosed(holding, timeout: 15) } }
      var slowest = 0.0
      var answered = 0
      for _ in 0..<10 {
        let started = Date()
        let health = try await server.get("/health", timeout: 5)
        slowest = max(slowest, Date().timeIntervalSince(started))
        if health.status == 200 { answered += 1 }
      }
      let closedAfter = try await closing.value
      #expect(answered == 10, "/health answered \(answered) of 10 times while 120 sockets were held")
      #expect(closedAfter.allSatisfy { $0 != nil }, "still open: \(closedAfter.filter { $0 == nil }.count) of 120")
      let latest = closedAfter.compactMap { $0 }.max() ?? 0
      print("120 held sockets closed after at most \(latest) s (header deadline 1 s); /health at worst \(slowest) s")
      #expect(try await server.get("/health", timeout: 5).status == 200)
    }
  }

  @Test("18 silent WebSockets take every place (uploads and handshakes get 429), then are closed; a client is served")
  func silentWebSockets() async throws {
    try await HostileServer.with { server in
      var silent: [RawWebSocket] = []
      for _ in 0..<18 {
        guard case .upgraded(let socket) = try RawWebSocket.open(port: server.port, token: HostileServer.token) else {
          Issue.record("a WebSocket was refused while the server had places")
          return
        }
        #expect(socket.frame(timeout: 10)?.text.contains("\"ready\"") == true)
        silent.append(socket)
      }
      let wav = HostileServer.toneWAV(seconds: 2)
      let busy = try await server.transcribe(wav)
      #expect(busy.status == 429 && busy.header("Retry-After") != nil, "an upload while 18 hold: \(busy.status)")
      guard case .refused(let refusal) = try RawWebSocket.open(port: server.port, token: HostileServer.token) else {
        Issue.record("a 19th WebSocket was upgraded")
        return
      }
      #expect(refusal.status == 429 && refusal.headers["retry-after"] != nil && refusal.error?.code == "queue_full")
      let held = silent
      let started = Date()
      let closed = try await offThePool { held.map { $0.framesUntilClose(timeout: 15) } }
      print("18 silent WebSockets closed within \(Date().timeIntervalSince(started)) s (idle deadline 1.5 s)")
      #expect(closed.allSatisfy { $0 != nil }, "silent WebSockets still open: \(closed.filter { $0 == nil }.count)")
      #expect(closed.allSatisfy { $0?.contains(where: \.isPing) == true }, "each was pinged before it was closed")
      let served = try await server.transcribe(wav)
      #expect(served.status == 200, "\(String(decoding: served.body, as: UTF8.self))")
    }
  }

  @Test(
    "a WebSocket that answers pings but sends no audio is told idle_timeout and closed; its place is freed",
    arguments: ["/v1/audio/live", "/v1/realtime?intent=transcription"])
  func pongingWithoutAudio(path: String) async throws {
    try await HostileServer.with(["--workers", "1", "--queue", "0"]) { server in
      guard
        case .upgraded(let socket) = try RawWebSocket.open(port: server.port, path: path, token: HostileServer.token)
      else {
        Issue.record("the session at \(path) was refused")
        return
      }
      let frames = try await offThePool { socket.framesUntilClose(timeout: 15, answeringPings: true) }
      let idle = frames?.first { $0.text.contains("\"error\"") }
      #expect(idle?.text.contains("idle_timeout") == true, "\(frames?.map(\.text) ?? ["still open"])")
      #expect(frames?.last?.isClose == true)
      guard case .upgraded = try RawWebSocket.open(port: server.port, path: path, token: HostileServer.token) else {
        Issue.record("the one place was not freed")
        return
      }
    }
  }

  @Test("18 uploads trickling 100 bytes at a time get 408 at the body deadline and are closed; then one is served")
  func tricklingUploads() async throws {
    try await HostileServer.with { server in
      let head = rawHead(
        "POST", "/v1/audio/transcriptions",
        [
          "Authorization": "Bearer \(HostileServer.token)", "Content-Type": "multipart/form-data; boundary=b",
          "Content-Length": "1000000",
        ])
      var uploads: [RawSocket] = []
      for _ in 0..<18 {
        let socket = try RawSocket.connect(port: server.port)
        try socket.send(head + "--b\r\n")
        uploads.append(socket)
      }
      let trickling = uploads
      let started = Date()
      let answers = try await offThePool { RawSocket.trickle(trickling, bytes: 100, every: 0.5, timeout: 20) }
      print("18 trickling uploads answered and closed after \(Date().timeIntervalSince(started)) s (deadline 2 s)")
      #expect(answers.allSatisfy { $0 != nil }, "uploads still open: \(answers.filter { $0 == nil }.count)")
      for answer in answers.compactMap({ $0 }) {
        let parsed = RawAnswer(answer)
        #expect(parsed?.status == 408 && parsed?.error?.code == "request_timeout", "\(parsed?.body ?? "no answer")")
      }
      #expect(try await server.transcribe(HostileServer.toneWAV(seconds: 1)).status == 200)
    }
  }

  @Test("connections over --max-connections-per-ip are closed as they arrive; a place freed serves the next")
  func perAddressCap() async throws {
    try await HostileServer.with(["--max-connections-per-ip", "4", "--header-timeout", "60"]) { server in
      let held = try (0..<4).map { _ in try RawSocket.connect(port: server.port) }
      let fifth = try RawSocket.connect(port: server.port)
      #expect(fifth.readUntilClosed(timeout: 10) == [], "the fifth connection is closed at once, unanswered")
      held[0].close()
      let served = await eventually(timeout: 10) { (try? await server.get("/health", timeout: 2))?.status == 200 }
      #expect(served)
    }
  }

  @Test("with 128 descriptors, 150 idle sockets never exhaust them: /health is answered as the deadline frees places")
  func descriptorLimit() async throws {
    let dir = try TemporaryDirectory("utter-hostile-fd")
    defer { dir.remove() }
    let log = dir.path("serve.stderr")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -n 128 && exec \"$0\" \"$@\"", UtterBinary.url.path, "serve", "--host", "127.0.0.1", "--port",
      "0", "--data-dir", dir.path("data").path, "--engine", "test-duration", "--header-timeout", "1",
      "--max-connections-per-ip", "1000",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["UTTER_SERVER_TOKEN": HostileServer.token]) {
      $1
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    var logged: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    guard await eventually(timeout: 60, { logged.contains("listening on http://127.0.0.1:") }),
      let range = logged.range(of: "listening on http://127.0.0.1:"),
      let port = Int(logged[range.upperBound...].prefix { $0.isNumber })
    else {
      Issue.record("the server did not start: \(logged)")
      return
    }
    let idle = try (0..<150).map { _ in try RawSocket.connect(port: port) }
    let started = Date()
    let health = try await LiveHTTPClient().send(
      HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/health")!, timeout: 20))
    print("/health behind 150 idle sockets with 128 descriptors: \(Date().timeIntervalSince(started)) s")
    #expect(health.status == 200)
    let closed = try await offThePool { RawSocket.waitUntilClosed(idle, timeout: 20) }
    #expect(closed.allSatisfy { $0 != nil }, "idle sockets still open: \(closed.filter { $0 == nil }.count)")
  }
}
