import AudioInput
import Foundation
import HTTPTransport
import SpeechEngine
import TestSupport
import Testing

extension ServeTests {
  @Test(
    "the phone's host dictates through utter serve: the server's words show while the user speaks (WebSocket), the host cleans up its final words"
  )
  func hostStreamsThroughTheServer() async throws {
    guard let fixture = ServeFixture.current else { return }
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let set = try await UtterBinary.run(
      [
        "settings", "set", "engine-base-url", fixture.server.baseURL.absoluteString, "--data-dir",
        workspace.dataDirectory.path,
      ], timeout: 30)
    #expect(set.status == 0, "\(set.stderr)")
    // The sentence, then a pause the user leaves before tapping stop.
    let spoken = try AudioFileDecoder.decode(contentsOf: fixture.speech).samples
    let mic = workspace.dir.path("padded.wav")
    try WAVWriter.write(spoken + [Float](repeating: 0, count: 24_000), sampleRate: 16_000, to: mic)
    let before = try await requests(fixture)
    let host = try workspace.startHost(
      mic: mic, speed: 1, environment: ["UTTER_OPENAI_COMPATIBLE_API_KEY": ServeFixture.token],
      engine: "openai-compatible")
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard(
      "start; wait-partial report 60; wait-phase listening 1; wait 4; stop; wait-insert 60", environment: [:],
      timeout: 120, partials: true)
    #expect(keyboard.status == 0, "\(keyboard.stderr)\n\(host.stderr)")
    let lines = keyboard.stderr.split(separator: "\n")
    let firstPartial = lines.firstIndex { $0.hasPrefix("partial ") && $0.contains("report") }
    let inserted = lines.firstIndex { $0.contains("keyboard: inserted") }
    #expect(firstPartial != nil && inserted != nil && firstPartial! < inserted!, "\(keyboard.stderr)")
    let text = keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // The host's clean-up of the server's raw words: capitalised, "question mark" said as a mark.
    #expect(text.hasPrefix("Can you send") && text.hasSuffix("?"), "\(text)")
    #expect(WordErrorRate.count(reference: ServeFixture.sentence, hypothesis: text).errors <= 2, "\(text)")
    #expect(host.stderr.contains("streaming dictation"), "\(host.stderr)")
    #expect(host.stderr.contains("read by the server while spoken"), "\(host.stderr)")
    await host.stop()

    // One live dictation, and no upload: the words came over the WebSocket.
    let after = try await requests(fixture)
    #expect(after.live == before.live + 1)
    #expect(after.files == before.files)
  }

  /// The server's request counters: live dictations and file uploads.
  private func requests(_ fixture: ServeFixture) async throws -> (live: Int, files: Int) {
    let response = try await fixture.http.send(HTTPRequest(url: fixture.url("/metrics"), headers: fixture.auth()))
    let text = String(decoding: response.body, as: UTF8.self)
    func count(_ endpoint: String) -> Int {
      text.split(separator: "\n").filter {
        $0.hasPrefix("utter_http_requests_total{") && $0.contains("endpoint=\"\(endpoint)\"")
      }.compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
    }
    return (count("/v1/audio/live"), count("/v1/audio/transcriptions"))
  }
}
