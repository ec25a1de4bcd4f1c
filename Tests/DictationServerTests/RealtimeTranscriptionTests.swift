import AudioInput
import Foundation
import HTTPTypes
import HummingbirdTesting
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// One server event, read back from its frame.
private struct Event {
  let fields: [String: Any]
  var type: String { fields["type"] as? String ?? "" }
  var item: String? { fields["item_id"] as? String }
  var error: [String: Any] { fields["error"] as? [String: Any] ?? [:] }
  subscript(_ key: String) -> Any? { fields[key] }

  init(_ json: String) throws {
    fields = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }
}

/// The server events of `session`, read as a client waits for them.
private final class EventReader {
  private var iterator: AsyncStream<String>.Iterator
  private(set) var seen: [Event] = []

  init(_ session: RealtimeTranscription) {
    iterator = session.events.makeAsyncIterator()
  }

  /// Reads events until one of `type` (returned); nil when the stream ended first.
  func next(_ type: String) async throws -> Event? {
    while let json = await iterator.next() {
      let event = try Event(json)
      seen.append(event)
      if event.type == type { return event }
    }
    return nil
  }
}

/// `Samples/demo.wav` (16 kHz) as 24 kHz PCM16 bytes, the protocol's audio, with `pause` seconds of silence after.
private func demoAt24kHz(pause: Double = 0) throws -> Data {
  let demo = try AudioFileDecoder.decode(contentsOf: PackagePaths.file("Samples/demo.wav")).samples
  let samples = demo + [Float](repeating: 0, count: Int(pause * 16_000))
  var bytes = Data()
  for index in 0..<(samples.count * 3 / 2) {
    let position = Double(index) * 2 / 3
    let low = Int(position)
    let high = min(low + 1, samples.count - 1)
    let value = samples[low] + Float(position - Double(low)) * (samples[high] - samples[low])
    let sample = Int16(max(-32_768, min(32_767, (value * 32_768).rounded())))
    withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) }
  }
  return bytes
}

/// A `session.update` of a transcription session whose `audio.input` is `input` (JSON).
private func update(input: String) -> String {
  #"{"type":"session.update","session":{"type":"transcription","audio":{"input":"# + input + "}}}"
}

/// `input_audio_buffer.append` events of 100 ms each.
private func appends(_ pcm: Data) -> [String] {
  stride(from: 0, to: pcm.count, by: 4_800).map { start in
    let chunk = pcm[start..<min(start + 4_800, pcm.count)]
    return #"{"type":"input_audio_buffer.append","audio":"\#(chunk.base64EncodedString())"}"#
  }
}

@Suite("utter serve's Realtime transcription session")
struct RealtimeTranscriptionTests {
  private let settings = RealtimeSettings(id: "sess_test")

  /// A realtime session reading with a fresh server's engine (the caller removes `fixture.dir`), and what it sends.
  private func openSession() async throws -> (
    fixture: RouteFixture, session: RealtimeTranscription, events: EventReader
  ) {
    let fixture = try await RouteFixture(maxUploadBytes: 2_000_000)
    do {
      let session = try RealtimeTranscription(
        settings: settings, beta: false, reading: fixture.server.realtimeReading)
      return (fixture, session, EventReader(session))
    } catch {
      fixture.dir.remove()
      throw error
    }
  }

  private func parse(_ text: String) -> Result<(RealtimeClientEvent, eventID: String?), RealtimeError> {
    RealtimeClientEvent.parse(text, settings: settings)
  }

  private func failure(_ text: String) -> RealtimeError? {
    if case .failure(let error) = parse(text) { return error }
    return nil
  }

  @Test("an unknown event type is an invalid_value error on 'type' naming the client's event_id")
  func unknownType() {
    let error = failure(#"{"type":"response.create","event_id":"evt_7"}"#)
    #expect(error?.code == "invalid_value")
    #expect(error?.param == "type")
    #expect(error?.eventID == "evt_7")
    #expect(error?.message.contains("'response.create'") == true)
  }

  @Test("a frame that is not JSON, and an event without a type, are errors saying so")
  func notJSON() {
    #expect(failure("hello")?.code == "invalid_json")
    #expect(failure(#"{"audio":"AAAA"}"#)?.param == "type")
  }

  @Test("audio that is not base64 is an invalid_value error on 'audio'; base64 audio is its bytes")
  func base64Audio() {
    let error = failure(#"{"type":"input_audio_buffer.append","audio":"not base64!","event_id":"e1"}"#)
    #expect(error?.param == "audio")
    #expect(error?.eventID == "e1")
    guard case .success((.append(let bytes), _)) = parse(#"{"type":"input_audio_buffer.append","audio":"AQID"}"#)
    else {
      Issue.record("a base64 append is not read")
      return
    }
    #expect(bytes == Data([1, 2, 3]))
  }

  @Test("session.update sets language, prompt, model and turn detection; null turns detection off")
  func sessionUpdate() throws {
    let full = #"""
      {"type":"session.update","session":{"type":"transcription","audio":{"input":{
        "format":{"type":"audio/pcm","rate":24000},
        "transcription":{"model":"whisper-1","language":"en","prompt":"Utter"},
        "turn_detection":null}}}}
      """#
    guard case .success((.update(let updated, let beta), _)) = parse(full) else {
      Issue.record("session.update is not read: \(parse(full))")
      return
    }
    #expect(!beta)
    #expect(updated.turnDetection == nil)
    #expect(updated.language == "en")
    #expect(updated.prompt == "Utter")
    #expect(updated.model == "whisper-1")
    let vad = update(input: #"{"turn_detection":{"type":"server_vad","silence_duration_ms":800}}"#)
    guard case .success((.update(let withVAD, _), _)) = parse(vad) else {
      Issue.record("server_vad is not read")
      return
    }
    #expect(withVAD.turnDetection?.silenceMS == 800)
    let betaUpdate = #"""
      {"type":"transcription_session.update","session":{"input_audio_format":"pcm16",
      "turn_detection":{"type":"semantic_vad","eagerness":"low"}}}
      """#
    guard case .success((.update(let betaSettings, true), _)) = parse(betaUpdate) else {
      Issue.record("the beta update is not read")
      return
    }
    #expect(betaSettings.turnDetection?.silenceMS == 2_000)
  }

  @Test("settings the server cannot honour are errors naming the field")
  func refusedSettings() {
    let realtime = #"{"type":"session.update","session":{"type":"realtime"}}"#
    #expect(failure(realtime)?.param == "session.type")
    let mulaw = update(input: #"{"format":{"type":"audio/pcmu"}}"#)
    #expect(failure(mulaw)?.param == "session.audio.input.format")
    let g711 = #"{"type":"transcription_session.update","session":{"input_audio_format":"g711_ulaw"}}"#
    #expect(failure(g711)?.param == "session.input_audio_format")
    let language = update(input: #"{"transcription":{"language":"xx"}}"#)
    #expect(failure(language)?.param == "session.audio.input.transcription.language")
    let silence = update(input: #"{"turn_detection":{"silence_duration_ms":-5}}"#)
    #expect(failure(silence)?.param == "session.audio.input.turn_detection.silence_duration_ms")
  }

  @Test("server events carry OpenAI's fields: completed its transcript and usage, error its error object")
  func serverEvents() throws {
    let completed = try Event(
      RealtimeServerEvent.completed(item: "item_001", transcript: "Hello.", seconds: 1.25).json(eventID: "event_9"))
    #expect(completed.type == "conversation.item.input_audio_transcription.completed")
    #expect(completed["event_id"] as? String == "event_9")
    #expect(completed.item == "item_001")
    #expect(completed["content_index"] as? Int == 0)
    #expect(completed["transcript"] as? String == "Hello.")
    #expect((completed["usage"] as? [String: Any])?["seconds"] as? Double == 1.25)
    let error = try Event(
      RealtimeServerEvent.error(RealtimeError("Bad.", code: "invalid_value", param: "type", eventID: "e2"))
        .json(eventID: "event_3"))
    #expect(error.type == "error")
    #expect(error.error["type"] as? String == "invalid_request_error")
    #expect(error.error["event_id"] as? String == "e2")
    #expect(error.error["param"] as? String == "type")
    var settings = settings
    settings.servedModel = "tiny.en"
    let created = try Event(RealtimeServerEvent.created(settings, beta: false).json(eventID: "event_1"))
    let input = ((created["session"] as? [String: Any])?["audio"] as? [String: Any])?["input"] as? [String: Any]
    #expect((input?["format"] as? [String: Any])?["rate"] as? Int == 24_000)
    #expect((input?["turn_detection"] as? [String: Any])?["silence_duration_ms"] as? Int == 500)
    #expect((input?["transcription"] as? [String: Any])?["model"] as? String == "tiny.en")
    let beta = try Event(RealtimeServerEvent.created(settings, beta: true).json(eventID: "event_1"))
    #expect(beta.type == "transcription_session.created")
    #expect((beta["session"] as? [String: Any])?["input_audio_format"] as? String == "pcm16")
  }

  @Test(
    "the fields OpenAI always writes are null when empty: an error's code, param and event_id, the language and prompt")
  func explicitNulls() throws {
    let error = try Event(RealtimeServerEvent.error(RealtimeError("Bad.", code: nil)).json(eventID: "event_3"))
    for key in ["code", "param", "event_id"] { #expect(error.error[key] is NSNull, "\(key)") }
    let created = try Event(RealtimeServerEvent.created(settings, beta: true).json(eventID: "event_1"))
    let transcription = (created["session"] as? [String: Any])?["input_audio_transcription"] as? [String: Any]
    #expect(transcription?["language"] is NSNull)
    #expect(transcription?["prompt"] is NSNull)
  }

  @Test(
    "a committed buffer gets deltas, then completed with the upload's text; a bad event gets an error and the session goes on",
    .timeLimit(.minutes(2)))
  func manualCommit() async throws {
    let (fixture, session, events) = try await openSession()
    defer { fixture.dir.remove() }
    #expect(try await events.next("session.created") != nil)
    await session.receive(update(input: #"{"turn_detection":null}"#))
    #expect(try await events.next("session.updated") != nil)
    await session.receive(#"{"type":"input_audio_buffer.commit","event_id":"early"}"#)
    let empty = try #require(try await events.next("error"))
    #expect(empty.error["code"] as? String == "input_audio_buffer_commit_empty")
    #expect(empty.error["event_id"] as? String == "early")
    for append in appends(try demoAt24kHz(pause: 1.5)) { await session.receive(append) }
    let first = try #require(try await events.next("conversation.item.input_audio_transcription.delta"))
    #expect(first["delta"] as? String == "Hello world", "the first stretch's words, its closing mark held back")
    for append in appends(try demoAt24kHz()) { await session.receive(append) }
    await session.receive(#"{"type":"input_audio_buffer.commit"}"#)
    let completed = try #require(try await events.next("conversation.item.input_audio_transcription.completed"))
    let deltas = events.seen.filter { $0.type == "conversation.item.input_audio_transcription.delta" }
    #expect(deltas.count >= 2, "a delta as the first stretch settles, then the rest: \(deltas.map(\.fields))")
    #expect(deltas.allSatisfy { $0.item == completed.item })
    let transcript = completed["transcript"] as? String
    #expect(deltas.compactMap { $0["delta"] as? String }.joined() == transcript)
    #expect(!events.seen.contains { $0.type.hasPrefix("input_audio_buffer.speech") }, "no VAD events with it off")
    let demo = try AudioFileDecoder.decode(contentsOf: PackagePaths.file("Samples/demo.wav")).samples
    let pool = try fixture.server.engine.require()
    let upload = try await fixture.server.pipelineOnPool(pool).run(
      demo + [Float](repeating: 0, count: 24_000) + demo,
      request: try DictationServer.dictationRequest(language: nil, prompt: nil, cleanup: nil))
    #expect(transcript == upload.text, "the upload's cleaned-up text of the same audio")
    await session.receive(#"{"type":"input_audio_buffer.append","audio":"***","event_id":"bad"}"#)
    #expect(try await events.next("error")?.error["event_id"] as? String == "bad")
    for append in appends(try demoAt24kHz()) { await session.receive(append) }
    await session.receive(#"{"type":"input_audio_buffer.commit"}"#)
    let second = try #require(try await events.next("conversation.item.input_audio_transcription.completed"))
    #expect(second.item != completed.item)
    let committed = events.seen.filter { $0.type == "input_audio_buffer.committed" }
    #expect(committed.last?["previous_item_id"] as? String == completed.item)
    await session.abandon()
  }

  @Test(
    "when the server stops, a committed item is finished with its text, the one being spoken is dropped, and the events end",
    .timeLimit(.minutes(2)))
  func serverStopping() async throws {
    let (fixture, session, events) = try await openSession()
    defer { fixture.dir.remove() }
    await session.receive(update(input: #"{"turn_detection":null}"#))
    for append in appends(try demoAt24kHz()) { await session.receive(append) }
    await session.receive(#"{"type":"input_audio_buffer.commit"}"#)
    let committed = try #require(try await events.next("input_audio_buffer.committed"))
    for append in appends(try demoAt24kHz()) { await session.receive(append) }
    await session.finishCommitted()
    let completed = try #require(try await events.next("conversation.item.input_audio_transcription.completed"))
    #expect(completed.item == committed.item)
    #expect((completed["transcript"] as? String)?.isEmpty == false, "the committed speech is read whole")
    #expect(try await events.next("conversation.item.input_audio_transcription.completed") == nil, "and nothing else")
    #expect(!events.seen.contains { $0.type == "input_audio_buffer.committed" && $0.item != committed.item })
  }

  @Test(
    "server VAD: speech started, stopped after the quiet, committed, then the item's transcript",
    .timeLimit(.minutes(2)))
  func serverVAD() async throws {
    let (fixture, session, events) = try await openSession()
    defer { fixture.dir.remove() }
    for append in appends(try demoAt24kHz(pause: 2)) { await session.receive(append) }
    let completed = try #require(try await events.next("conversation.item.input_audio_transcription.completed"))
    let order = events.seen.filter { $0.item == completed.item }.map(\.type)
    // NB: confirmed words go out as deltas while the speech goes on, so deltas may fall anywhere after the start;
    // the buffer's own events keep their order whatever the engine's speed.
    let delta = "conversation.item.input_audio_transcription.delta"
    #expect(
      Array(order.filter { $0 != delta }.prefix(3)) == [
        "input_audio_buffer.speech_started", "input_audio_buffer.speech_stopped", "input_audio_buffer.committed",
      ], "\(order)")
    #expect(order.first == "input_audio_buffer.speech_started", "no words before the speech started: \(order)")
    #expect(order.last == "conversation.item.input_audio_transcription.completed")
    let words = events.seen.filter { $0.item == completed.item && $0.type == delta }
      .compactMap { $0["delta"] as? String }
    #expect(words.joined() == completed["transcript"] as? String, "the deltas, wherever they fell, add up to the text")
    let started = try #require(events.seen.first { $0.type == "input_audio_buffer.speech_started" })
    let stopped = try #require(events.seen.first { $0.type == "input_audio_buffer.speech_stopped" })
    let start = try #require(started["audio_start_ms"] as? Int)
    let end = try #require(stopped["audio_end_ms"] as? Int)
    #expect((0..<1_000).contains(start), "demo.wav's speech starts within its first second: \(start)")
    #expect(end > start && end <= 11_700, "\(start)–\(end) ms")
    await session.abandon()
  }

  @Test("a handshake the server refuses is answered in OpenAI's shape with a status the document lists")
  func refusedHandshakes() async throws {
    let document = try #require(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: PackagePaths.file("Sources/DictationServer/openapi.json"))) as? [String: Any])
    let paths = document["paths"] as? [String: Any]
    let operation = (paths?["/v1/realtime"] as? [String: Any])?["get"] as? [String: Any]
    let listed = Set((operation?["responses"] as? [String: Any])?.keys.map { $0 } ?? [])
    let fixture = try await RouteFixture()
    try await fixture.test { client in
      let asked: [(uri: String, headers: HTTPFields, status: Int, param: String?)] = [
        ("/v1/realtime?intent=transcription", RouteFixture.authorized, 426, nil),
        ("/v1/realtime?intent=transcription", [:], 401, nil),
        ("/v1/realtime?intent=conversation", RouteFixture.authorized, 400, "intent"),
        ("/v1/realtime?model=nope", RouteFixture.authorized, 400, "model"),
      ]
      for request in asked {
        let answer = try await client.execute(uri: request.uri, method: .get, headers: request.headers)
        #expect(Int(answer.status.code) == request.status, "\(request.uri)")
        #expect(try openAIError(answer).param == request.param, "\(request.uri)")
        #expect(listed.contains(String(answer.status.code)), "\(request.uri): \(answer.status.code) not in \(listed)")
      }
    }
  }
}
