import Foundation
import HTTPTransport
import TestSupport
import Testing

/// A real `utter serve` with the stand-in engine (it "hears" how long each stretch of speech is) and deadlines short
/// enough for tests: 1 s for headers, 2 s for a body, 1.5 s without audio on a live WebSocket. Two workers and a
/// queue of 16 make 18 places, as a default server on two cores has.
struct HostileServer: Sendable {
  static let token = "hostile-token-5e2b"
  static let headerTimeout = 1.0
  static let bodyTimeout = 2.0
  static let liveIdleTimeout = 1.5

  let dir: TemporaryDirectory
  let server: ServerProcess
  let http = LiveHTTPClient()

  var port: Int { server.port }

  /// Starts the server with `arguments` after the short deadlines (a later flag wins), and waits for `/ready`.
  static func start(_ arguments: [String] = []) async throws -> HostileServer {
    let dir = try TemporaryDirectory("utter-hostile")
    let server = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir,
      arguments: [
        "--engine", "test-duration", "--workers", "2", "--queue", "16", "--max-connections-per-ip", "1000",
        "--header-timeout", "\(headerTimeout)", "--body-timeout", "\(bodyTimeout)", "--live-idle-timeout",
        "\(liveIdleTimeout)",
      ] + arguments,
      environment: ["UTTER_SERVER_TOKEN": token])
    let started = HostileServer(dir: dir, server: server)
    guard await started.ready() else {
      await started.stop()
      throw ServerProcessError("utter serve never became ready: \(server.log.suffix(2000))")
    }
    return started
  }

  /// Runs `body` against a server started with `arguments`, and stops the server whatever `body` did.
  static func with(_ arguments: [String] = [], _ body: (HostileServer) async throws -> Void) async throws {
    let server = try await start(arguments)
    do {
      try await body(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  func stop() async {
    await server.stop()
    dir.remove()
  }

  func ready() async -> Bool {
    await eventually(timeout: 60) { (try? await get("/ready", timeout: 5))?.status == 200 }
  }

  func url(_ path: String) -> URL { URL(string: server.baseURL.absoluteString + path)! }

  func get(_ path: String, token: String? = nil, timeout: Double = 10) async throws -> HTTPResponse {
    try await http.send(
      HTTPRequest(url: url(path), headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:], timeout: timeout))
  }

  /// POSTs `wav` to `/v1/audio/transcriptions` with `fields`.
  func transcribe(_ wav: Data, fields: [String: String] = [:]) async throws -> HTTPResponse {
    var form = MultipartFormData()
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) { form.append(key, value) }
    form.append("file", filename: "tone.wav", contentType: "audio/wav", data: wav)
    return try await http.send(
      HTTPRequest(
        method: .post, url: url("/v1/audio/transcriptions"),
        headers: ["Authorization": "Bearer \(Self.token)", "Content-Type": form.contentType], body: form.body,
        timeout: 30))
  }

  /// The Prometheus count of requests to `endpoint` answered `status`.
  func requestCount(_ endpoint: String, status: Int) async throws -> Int {
    let metrics = try await get("/metrics", token: Self.token)
    let line = "utter_http_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} "
    let text = String(decoding: metrics.body, as: UTF8.self)
    guard let range = text.range(of: line) else { return 0 }
    return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }

  /// A 16 kHz mono WAV of `seconds` of a 220 Hz tone.
  static func toneWAV(seconds: Double) -> Data {
    let samples = tone(seconds: seconds)
    var wav = AudioWAVBytes()
    wav.riffHeader(size: UInt32(36 + samples.count * 2))
    wav.formatChunk(tag: 1, channels: 1, sampleRate: 16_000, bits: 16)
    wav.chunk("data", AudioWAVBytes.int16Bytes(samples))
    return wav.data
  }

  /// `seconds` of a 220 Hz tone at 16 kHz.
  static func tone(seconds: Double) -> [Float] {
    AudioSignals.sine(frequency: 220, amplitude: 0.5, duration: seconds, sampleRate: 16_000)
  }

  /// 16-bit little-endian PCM, as the live WebSocket takes it.
  static func pcm(_ samples: [Float]) -> [UInt8] { AudioWAVBytes.int16Bytes(samples) }
}

/// A request head for a raw socket.
func rawHead(_ method: String, _ path: String, _ headers: [String: String] = [:]) -> String {
  var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
  for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
  return head + "\r\n"
}
