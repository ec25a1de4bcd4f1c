import AudioInput
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// An engine whose words depend only on the audio it is given (a word for its length in whole seconds), timed at the
/// end of the audio, so that a window reads the same in a stream and in a plain upload. Every call after the first
/// waits at `gate` (when there is one); `failing` fails every call.
private struct LengthEngine: SpeechEngine {
  static let words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "iris", "jasmine"]
  let id = "length"
  let model = "length-model"
  var gate: Gate?
  var failing = false
  let calls = CallCount()

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    if failing { throw LengthEngineFailure() }
    if let gate, calls.next() > 0 { await gate.wait() }
    try Task.checkCancellation()
    let seconds = Double(samples.count) / Double(engineSampleRate)
    let word = Self.words[Int(seconds) % Self.words.count]
    let segment = TranscriptSegment(text: word, start: max(0, seconds - 0.6), end: seconds, confidence: 0.9)
    return Transcript(text: word, segments: [segment], language: "en", engine: id, model: model)
  }
}

private struct LengthEngineFailure: Error, CustomStringConvertible {
  var description: String { "the engine crashed" }
}

private final class CallCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  /// The number of calls before this one.
  func next() -> Int {
    lock.withLock {
      defer { count += 1 }
      return count
    }
  }
}

/// A response body's writer that keeps what is written, as the connection would send it.
private struct KeepingWriter: ResponseBodyWriter {
  final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var parts = ""
    var text: String { lock.withLock { parts } }
    func append(_ text: String) { lock.withLock { parts += text } }
  }
  let written: Written

  mutating func write(_ buffer: ByteBuffer) async throws { written.append(String(buffer: buffer)) }
  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// One server-sent event: its name and its data's JSON fields.
private struct Event {
  var name: String
  var data: [String: Any]
  var type: String? { data["type"] as? String }
  var delta: String? { data["delta"] as? String }
  var text: String? { data["text"] as? String }
  var error: [String: Any]? { data["error"] as? [String: Any] }
}

/// The events of a `text/event-stream` body (`event:` and `data:` lines, a blank line after each).
private func events(_ body: String) -> [Event] {
  body.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
    var event = Event(name: "", data: [:])
    for line in block.split(separator: "\n") {
      if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
      if line.hasPrefix("data: ") {
        let json = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))
        event.data = json as? [String: Any] ?? [:]
      }
    }
    return event
  }
}

/// Samples/demo.wav twice, 1.5 s apart: two stretches of speech, so two windows.
private func twoStretches() throws -> Data {
  let demo = try AudioFileDecoder.decode(contentsOf: PackagePaths.file("Samples/demo.wav")).samples
  let pause = [Float](repeating: 0, count: engineSampleRate * 3 / 2)
  return WAVEncoding.file(demo + pause + demo + pause)
}

/// The connection's close, as a test makes it happen.
private final class CloseHook: @unchecked Sendable {
  private let lock = NSLock()
  private var left: (@Sendable () -> Void)?
  /// `OnConnectionClose`: keeps what to do.
  func register(_ left: @escaping @Sendable () -> Void) { lock.withLock { self.left = left } }
  /// The client leaves.
  func close() { lock.withLock { left }?() }
}

/// Starts writing the stream of `twoStretches()` on `fixture`'s server, without a socket: what it wrote so far, and
/// the writing.
private func stream(on fixture: RouteFixture, onClose: @escaping OnConnectionClose) async throws -> (
  KeepingWriter.Written, Task<Void, any Error>
) {
  let samples = try AudioFileDecoder.decodeWAV(try twoStretches(), name: "a.wav").samples
  let response = fixture.server.streamedTranscription(
    samples, request: try DictationServer.dictationRequest(language: nil, prompt: nil, cleanup: nil),
    pool: try fixture.server.engine.require(), place: try fixture.server.admission.place(retryAfter: 2),
    onClose: onClose)
  let written = KeepingWriter.Written()
  let body = response.body
  return (written, Task { try await body.write(KeepingWriter(written: written)) })
}

@Suite("utter serve's stream=true")
struct ServerStreamTests {
  @Test("stream=true answers OpenAI's events: a delta per window read, then done with the text of the plain answer")
  func eventStream() async throws {
    let wav = try twoStretches()
    let fixture = try await RouteFixture(maxUploadBytes: 2_000_000, engine: LengthEngine())
    try await fixture.test { client in
      let plain = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("model", "whisper-1")]))
      let plainText = try JSONDecoder().decode([String: String].self, from: Data(plain.body.readableBytesView))["text"]
      #expect(plainText == "Jasmine damson.", "the plain answer reads both windows: \(plainText ?? "")")
      let streamed = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("model", "whisper-1"), ("stream", "true")]))
      #expect(streamed.status == .ok)
      #expect(streamed.headers[.contentType] == "text/event-stream; charset=utf-8")
      #expect(streamed.headers[.cacheControl] == "no-cache")
      let sent = events(String(buffer: streamed.body))
      #expect(sent.map(\.name) == sent.map { $0.type ?? "" }, "each event is named for its type")
      #expect(
        sent.map(\.name)
          == ["transcript.text.delta", "transcript.text.delta", "transcript.text.delta", "transcript.text.done"])
      #expect(sent.compactMap(\.delta) == ["Jasmine", " damson", "."], "the closing mark waits for the last words")
      #expect(sent.last?.text == plainText)
      #expect(sent.last?.data.keys.sorted() == ["text", "type"])
      #expect(fixture.server.admission.current == 0, "the place is given back after the last event")
    }
  }

  @Test("the first window's words are sent while the engine still reads the next")
  func deltaBeforeTheRestIsRead() async throws {
    let gate = Gate()
    let fixture = try await RouteFixture(engine: LengthEngine(gate: gate))
    defer { fixture.dir.remove() }
    let (written, writing) = try await stream(on: fixture, onClose: { _ in })
    #expect(await eventually { gate.waiting == 1 && written.text.contains("transcript.text.delta") })
    #expect(events(written.text).compactMap(\.delta) == ["Jasmine"])
    #expect(fixture.server.admission.current == 1, "the stream holds its place while it reads")
    gate.open()
    try await writing.value
    #expect(events(written.text).last?.text == "Jasmine damson.")
    #expect(fixture.server.admission.current == 0)
  }

  @Test("a client that leaves in the middle stops the engine's call and gives its place back")
  func clientLeaves() async throws {
    let gate = Gate()
    let fixture = try await RouteFixture(engine: LengthEngine(gate: gate))
    defer { fixture.dir.remove() }
    let close = CloseHook()
    let (written, writing) = try await stream(on: fixture, onClose: close.register)
    #expect(await eventually { gate.waiting == 1 && written.text.contains("transcript.text.delta") })
    close.close()
    #expect(await eventually { gate.waiting == 0 && fixture.server.admission.current == 0 })
    _ = try? await writing.value
    #expect(!written.text.contains("transcript.text.done"))
  }

  @Test("stream=true is 400 with a response_format other than json or text, and with a value not true or false")
  func refusedCombinations() async throws {
    let wav = try twoStretches()
    try await RouteFixture(maxUploadBytes: 2_000_000, engine: LengthEngine()).test { client in
      for format in ["srt", "vtt", "verbose_json"] {
        let refused = try await client.execute(
          uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
          body: RouteFixture.form(file: wav, fields: [("stream", "true"), ("response_format", format)]))
        #expect(refused.status == .badRequest)
        let error = try openAIError(refused)
        #expect(error.param == "response_format")
        #expect(error.code == "unsupported_value")
        #expect(
          error.message
            == "response_format '\(format)' is not compatible with stream=true. Use 'json' or 'text' instead.")
      }
      let odd = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "yes please")]))
      #expect(odd.status == .badRequest)
      #expect(try openAIError(odd).param == "stream")
      let text = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "true"), ("response_format", "text")]))
      #expect(events(String(buffer: text.body)).last?.text == "Jasmine damson.", "text streams as json does")
      let notStreamed = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "false"), ("response_format", "srt")]))
      #expect(notStreamed.headers[.contentType] == "application/x-subrip; charset=utf-8")
    }
  }

  @Test("with every place taken, stream=true is 429 in OpenAI's JSON before any event")
  func busy() async throws {
    let wav = try twoStretches()
    let fixture = try await RouteFixture(maxUploadBytes: 2_000_000, queue: 0, engine: LengthEngine())
    try await fixture.test { client in
      #expect(fixture.server.admission.enter())
      let refused = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "true")]))
      #expect(refused.status == .tooManyRequests)
      #expect(refused.headers[.contentType] == "application/json")
      #expect(refused.headers[.retryAfter] == "2")
      #expect(try openAIError(refused).code == "queue_full")
      fixture.server.admission.leave()
    }
  }

  @Test("a failure after the stream began is an error event in OpenAI's shape, never a dropped connection")
  func errorEvent() async throws {
    let wav = try twoStretches()
    let fixture = try await RouteFixture(maxUploadBytes: 2_000_000, engine: LengthEngine(failing: true))
    try await fixture.test { client in
      let failed = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "true")]))
      #expect(failed.status == .ok, "the stream had begun")
      let sent = events(String(buffer: failed.body))
      #expect(sent.map(\.name) == ["error"])
      #expect(sent.first?.type == "error")
      let error = try #require(sent.first?.error)
      #expect(error["type"] as? String == "server_error")
      #expect(error["code"] as? String == "transcription_failed")
      #expect((error["message"] as? String)?.contains("the engine crashed") == true, "\(error)")
      #expect(fixture.server.admission.current == 0)
    }
  }

  @Test("a stream past the request timeout ends with an error event whose code is timeout")
  func timeoutEvent() async throws {
    let wav = try twoStretches()
    let fixture = try await RouteFixture(
      maxUploadBytes: 2_000_000, requestTimeout: 1, engine: LengthEngine(gate: Gate()))
    try await fixture.test { client in
      let late = try await client.execute(
        uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
        body: RouteFixture.form(file: wav, fields: [("stream", "true")]))
      let sent = events(String(buffer: late.body))
      // NB: the first window is read at once and the second never: the words sent before the timeout are the first's.
      #expect(sent.last?.name == "error")
      #expect(sent.compactMap(\.delta).joined().isEmpty || sent.compactMap(\.delta) == ["Jasmine"])
      #expect(!sent.contains { $0.name == "transcript.text.done" })
      #expect(sent.last?.error?["code"] as? String == "timeout")
      #expect(fixture.server.admission.current == 0)
    }
  }
}
