import Foundation
import HTTPTransport
import TestSupport
import Testing

/// Requests a server must refuse in the protocol's shape, and the live dictation a stopping server still finishes.
@Suite("utter serve refuses in the protocol's shape", .serialized)
struct HostileRequestTests {
  @Test("refused WebSocket handshakes carry OpenAI's JSON: 401 without or with a wrong token, 400 for a bad query, 404")
  func webSocketRefusals() async throws {
    try await HostileServer.with { server in
      let cases: [(path: String, token: String?, status: Int, code: String)] = [
        ("/v1/audio/live", nil, 401, "invalid_api_key"),
        ("/v1/audio/live", "wrong", 401, "invalid_api_key"),
        ("/v1/audio/live?language=english%20please", HostileServer.token, 400, ""),
        ("/v1/audio/live?cleanup=maybe", HostileServer.token, 400, ""),
        ("/v1/audio/elsewhere", HostileServer.token, 404, "unknown_url"),
      ]
      for item in cases {
        guard case .refused(let answer) = try RawWebSocket.open(port: server.port, path: item.path, token: item.token)
        else {
          Issue.record("\(item.path) was upgraded")
          continue
        }
        #expect(answer.status == item.status, "\(item.path): \(answer.status) \(answer.body)")
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.error?.message.isEmpty == false, "\(item.path): '\(answer.body)'")
        if !item.code.isEmpty { #expect(answer.error?.code == item.code) }
      }
      #expect(try await server.requestCount("/v1/audio/live", status: 401) == 2)
    }
  }

  @Test("SIGTERM during a live dictation sends its final text for the audio received, then closes; the server exits 0")
  func sigtermFinishesLiveDictation() async throws {
    guard SyntheticSpeech.isAvailable else {
      Issue.record("espeak-ng and sox are needed to speak to the server: scripts/test-deps.sh installs them")
      return
    }
    let server = try await HostileServer.start()
    do {
      try await finishesOnSIGTERM(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()  // Kills it if it did not stop by itself; removes its folder.
  }

  private func finishesOnSIGTERM(_ server: HostileServer) async throws {
    let speech = server.dir.path("speech.wav")
    try SyntheticSpeech.synthesize("send the quarterly report to the whole team", to: speech)
    let spoken = try EngineFixtures.readPCM16(speech)
    guard case .upgraded(let socket) = try RawWebSocket.open(port: server.port, token: HostileServer.token) else {
      Issue.record("the live dictation was refused")
      await server.stop()
      return
    }
    #expect(socket.frame(timeout: 10)?.text.contains("\"ready\"") == true)
    let audio = HostileServer.pcm(spoken + [Float](repeating: 0, count: 16_000))
    for start in stride(from: 0, to: audio.count, by: 3200) {
      try socket.sendBinary(Array(audio[start..<min(audio.count, start + 3200)]))
    }
    // The speech has been read once the live text confirms it (the pause after it settles it); then SIGTERM.
    let confirmed = try await offThePool { () -> String? in
      while let frame = socket.frame(timeout: 30) {
        let message = try? JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any]
        if message?["type"] as? String == "live", let text = message?["confirmed"] as? String, !text.isEmpty {
          return text
        }
      }
      return nil
    }
    #expect(confirmed?.hasPrefix("Heard ") == true, "no confirmed live text: \(server.server.log.suffix(500))")
    server.server.process.process.terminate()
    let frames = try await offThePool { socket.framesUntilClose(timeout: 30) } ?? []
    let final = frames.first { $0.text.contains("\"final\"") }
    let message = final.flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
    #expect(message?["type"] as? String == "final", "frames after SIGTERM: \(frames.map(\.text))")
    #expect(message?["text"] as? String == confirmed, "the final text holds what the live text confirmed")
    #expect(frames.last?.isClose == true, "the close comes after the final text")
    #expect(await server.server.process.exit(timeout: 30))
    #expect(server.server.process.process.terminationStatus == 0, "\(server.server.log.suffix(1000))")
  }

  @Test("a chunk size that is not hexadecimal is answered 400 in OpenAI's shape, not 500")
  func badChunkSize() async throws {
    try await HostileServer.with { server in
      let socket = try RawSocket.connect(port: server.port)
      try socket.send(
        rawHead(
          "POST", "/v1/format",
          ["Authorization": "Bearer \(HostileServer.token)", "Transfer-Encoding": "chunked", "Connection": "close"])
          + "zz\r\n{\"text\":\"hi\"}\r\n0\r\n\r\n")
      let answer = socket.readUntilClosed(timeout: 10).flatMap(RawAnswer.init)
      #expect(answer?.status == 400, "\(answer?.body ?? "no answer")")
      #expect(answer?.error?.message.contains("chunk size") == true)
      #expect(try await server.requestCount("/v1/format", status: 500) == 0)
    }
  }

  @Test("a Connection: close client uploading past the limit reads its 413 instead of a reset")
  func oversizedUploadWithConnectionClose() async throws {
    try await HostileServer.with(["--max-upload-mb", "1"]) { server in
      let socket = try RawSocket.connect(port: server.port, sendTimeout: 10)
      let size = 30_000_000
      try socket.send(
        rawHead(
          "POST", "/v1/audio/transcriptions",
          [
            "Authorization": "Bearer \(HostileServer.token)", "Content-Type": "multipart/form-data; boundary=b",
            "Content-Length": "\(size)", "Connection": "close",
          ]))
      let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
      for _ in 0..<(size / chunk.count) { try socket.send(chunk) }
      try socket.send(Array(chunk[0..<(size % chunk.count)]))
      let answer = socket.readUntilClosed(timeout: 10).flatMap(RawAnswer.init)
      #expect(answer?.status == 413, "\(answer?.body ?? "no answer")")
      #expect(answer?.error?.message.contains("1 MB") == true)
    }
  }

  @Test("a client that leaves in the middle of its upload is logged and counted as 499, not 500")
  func clientAbortIs499() async throws {
    try await HostileServer.with { server in
      let socket = try RawSocket.connect(port: server.port)
      try socket.send(
        rawHead(
          "POST", "/v1/audio/transcriptions",
          [
            "Authorization": "Bearer \(HostileServer.token)", "Content-Type": "multipart/form-data; boundary=b",
            "Content-Length": "500000",
          ]) + "--b\r\n" + String(repeating: "a", count: 2000))
      socket.close()
      let counted = await eventually(timeout: 10) {
        (try? await server.requestCount("/v1/audio/transcriptions", status: 499)) == 1
      }
      #expect(counted, "\(server.server.log.suffix(500))")
      #expect(try await server.requestCount("/v1/audio/transcriptions", status: 500) == 0)
      #expect(server.server.log.contains("POST /v1/audio/transcriptions 499"))
      #expect(!server.server.log.contains("request failed"))
    }
  }
}
