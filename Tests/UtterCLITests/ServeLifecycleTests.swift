import Foundation
import HTTPTransport
import RemoteDictation
import SpeechEngine
import TestSupport
import Testing

@Suite("utter serve start and stop", .serialized)
struct ServeLifecycleTests {
  @Test("without a token the server refuses to start, with one line saying how to set one")
  func refusesWithoutToken() async throws {
    let dir = try TemporaryDirectory("utter-serve-none")
    defer { dir.remove() }
    let result = try await UtterBinary.run(
      ["serve", "--port", "0", "--data-dir", dir.path("data").path], environment: ["UTTER_SERVER_TOKEN": ""])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "utter: no token: set UTTER_SERVER_TOKEN or run `utter serve tokens add NAME`; every request needs one\n")
  }

  @Test("SIGTERM lets the request in flight finish with its text, then the server exits cleanly")
  func gracefulShutdown() async throws {
    guard engineAvailable(), SyntheticSpeech.isAvailable else { return }
    let dir = try TemporaryDirectory("utter-serve-stop")
    defer { dir.remove() }
    let speech = dir.path("long.wav")
    try SyntheticSpeech.synthesize(
      Array(repeating: ServeFixture.sentence, count: 4).joined(separator: ". "), to: speech)
    let server = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir, arguments: ["--engine", "whisper", "--workers", "1"],
      environment: ["UTTER_SERVER_TOKEN": ServeFixture.token])
    let http = LiveHTTPClient()
    let base = server.baseURL.absoluteString
    let ready = await eventually(timeout: 120) {
      (try? await http.send(HTTPRequest(url: URL(string: base + "/ready")!, timeout: 5)))?.status == 200
    }
    #expect(ready)
    var form = MultipartFormData()
    form.append("file", filename: "long.wav", contentType: "audio/wav", data: try Data(contentsOf: speech))
    let upload = HTTPRequest(
      method: .post, url: URL(string: base + "/v1/audio/transcriptions")!,
      headers: ["Authorization": "Bearer \(ServeFixture.token)", "Content-Type": form.contentType], body: form.body,
      timeout: 300)
    let answer = Task { try await http.send(upload) }
    // The engine is reading the upload (a busy worker) before the server is told to stop.
    let busy = await eventually(timeout: 120) {
      let metrics = try? await http.send(
        HTTPRequest(
          url: URL(string: base + "/metrics")!, headers: ["Authorization": "Bearer \(ServeFixture.token)"]))
      return String(decoding: metrics?.body ?? Data(), as: UTF8.self).contains("utter_engine_busy_workers 1")
    }
    #expect(busy)
    server.process.process.terminate()
    let response = try await answer.value
    #expect(response.status == 200)
    let text = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["text"] as? String ?? ""
    #expect(text.lowercased().contains("quarterly report"), "\(text)")
    #expect(await server.process.exit(timeout: 60))
    #expect(server.process.process.terminationStatus == 0, "\(server.log.suffix(1000))")
  }
}
