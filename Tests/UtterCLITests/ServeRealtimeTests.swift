import Foundation
import SpeechEngine
import TestSupport
import Testing

/// OpenAI's official Python client (`openai[realtime]`) in three Realtime transcription sessions against `utter
/// serve`: server VAD on the suite's sentence (and bad events on the way); commits by the client on the sentence, its
/// quiet, then `Samples/demo.wav`, sent once a delta of the sentence has come (its words arrive while the item is still
/// open); and the beta interface's handshake (whose client connects to `websocket_base_url`). Each event it receives is printed as one JSON line with the session's name;
/// the plain upload's text of each file as a `plain` line. The audio is sent in 100 ms chunks as fast as the client
/// sends (the protocol takes audio at any pace); the script waits for events, never for time.
private let realtimeClient = """
  import base64, json, signal, sys, wave, openai
  base, token, sentence, both, sentence24, demo24 = sys.argv[1:7]
  signal.alarm(600)  # a server that never answers fails the test instead of hanging it
  client = openai.OpenAI(base_url=base + "/v1", api_key=token, max_retries=0, timeout=300)

  def show(session, event):
      fields = event if isinstance(event, dict) else event.model_dump(exclude_none=True)
      print(json.dumps({"_session": session, **fields}), flush=True)
      return fields

  def chunks(path):
      with wave.open(path) as audio:
          assert audio.getframerate() == 24000 and audio.getnchannels() == 1 and audio.getsampwidth() == 2
          data = audio.readframes(audio.getnframes())
      return [data[i:i + 4800] for i in range(0, len(data), 4800)]

  def until(session, connection, wanted):
      while True:
          fields = show(session, connection.recv())
          if fields["type"] == wanted:
              return fields

  for name, path in (("sentence", sentence), ("both", both)):
      text = client.audio.transcriptions.create(model="whisper-1", file=open(path, "rb")).text
      show(name, {"type": "plain", "text": text})

  with client.realtime.connect(extra_query={"intent": "transcription"}) as connection:
      show("vad", connection.recv())
      connection.session.update(session={"type": "transcription", "audio": {"input": {
          "transcription": {"model": "whisper-1", "language": "en"},
          "turn_detection": {"type": "server_vad", "silence_duration_ms": 500}}}})
      until("vad", connection, "session.updated")
      connection.send({"type": "response.create", "event_id": "evt_unknown"})
      until("vad", connection, "error")
      connection.send({"type": "input_audio_buffer.append", "audio": "not base64!", "event_id": "evt_audio"})
      until("vad", connection, "error")
      for chunk in chunks(sentence24):
          connection.input_audio_buffer.append(audio=base64.b64encode(chunk).decode())
      until("vad", connection, "conversation.item.input_audio_transcription.completed")

  with client.realtime.connect(extra_query={"intent": "transcription"}) as connection:
      show("manual", connection.recv())
      connection.session.update(session={"type": "transcription", "audio": {"input": {"turn_detection": None}}})
      until("manual", connection, "session.updated")
      for chunk in chunks(sentence24):
          connection.input_audio_buffer.append(audio=base64.b64encode(chunk).decode())
      until("manual", connection, "conversation.item.input_audio_transcription.delta")
      for chunk in chunks(demo24):
          connection.input_audio_buffer.append(audio=base64.b64encode(chunk).decode())
      connection.input_audio_buffer.commit()
      until("manual", connection, "conversation.item.input_audio_transcription.completed")

  beta = openai.OpenAI(
      base_url=base + "/v1", websocket_base_url=base.replace("http", "ws", 1) + "/v1", api_key=token, max_retries=0)
  with beta.beta.realtime.connect(model="gpt-4o-transcribe", extra_query={"intent": "transcription"}) as connection:
      show("beta", connection.recv())
      connection.send({"type": "transcription_session.update", "session": {"input_audio_format": "pcm16"}})
      until("beta", connection, "transcription_session.updated")
  """

/// One event the client printed.
private struct Printed {
  let fields: [String: Any]
  var session: String { fields["_session"] as? String ?? "" }
  var type: String { fields["type"] as? String ?? "" }
  var error: [String: Any] { fields["error"] as? [String: Any] ?? [:] }
  subscript(_ key: String) -> String? { fields[key] as? String }
}

extension ServeTests {
  @Test(
    "the official OpenAI Python client's Realtime transcription session gets deltas before completed, the upload's text, and error events that keep it open"
  )
  func openAIRealtimeSession() async throws {
    guard let fixture = ServeFixture.current else { return }
    let sentence = fixture.speech
    let demo = PackagePaths.file("Samples/demo.wav")
    let paused = fixture.dir.path("sentence-paused.wav")
    let both = fixture.dir.path("sentence-demo.wav")
    let sentence24 = fixture.dir.path("sentence-24k.wav")
    let demo24 = fixture.dir.path("demo-24k.wav")
    // NB: the protocol's audio is 24 kHz mono PCM16; the sentence gets quiet after it, for server VAD to end its turn.
    try SyntheticSpeech.run(
      "sox", [sentence.path, "-r", "16000", "-c", "1", "-b", "16", paused.path, "pad", "0.3", "1.5"])
    try SyntheticSpeech.run("sox", [paused.path, demo.path, both.path])
    try SyntheticSpeech.run("sox", [paused.path, "-r", "24000", sentence24.path])
    try SyntheticSpeech.run("sox", [demo.path, "-r", "24000", demo24.path])
    let arguments = [
      fixture.server.baseURL.absoluteString, ServeFixture.token, sentence.path, both.path, sentence24.path,
      demo24.path,
    ]
    guard let output = try await fixture.python(realtimeClient, arguments) else { return }
    #expect(output.status == 0, "\(output.stderr.suffix(3000))")
    let printed = try output.stdout.split(separator: "\n").map { line in
      Printed(fields: try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
    }
    func session(_ name: String) -> [Printed] { printed.filter { $0.session == name } }

    let vad = session("vad")
    #expect(vad.first?.type == "session.created")
    let errors = vad.filter { $0.type == "error" }
    #expect(errors.map { $0.error["event_id"] as? String } == ["evt_unknown", "evt_audio"])
    #expect(errors.map { $0.error["param"] as? String } == ["type", "audio"])
    #expect(errors.allSatisfy { $0.error["type"] as? String == "invalid_request_error" })
    let turn = vad.filter { $0.type.hasPrefix("input_audio_buffer.") }.map(\.type)
    #expect(
      turn == [
        "input_audio_buffer.speech_started", "input_audio_buffer.speech_stopped", "input_audio_buffer.committed",
      ], "server VAD ends the one turn after the quiet: \(turn)")
    try expectTranscript(of: vad, matches: session("sentence").first?["text"], "the sentence, server VAD")

    let manual = session("manual")
    #expect(!manual.contains { $0.type.hasPrefix("input_audio_buffer.speech") }, "no VAD events with it off")
    try expectTranscript(
      of: manual, matches: session("both").first?["text"], "the sentence then demo.wav, committed by the client",
      deltas: 2)

    let beta = session("beta").map(\.type)
    #expect(beta == ["transcription_session.created", "transcription_session.updated"], "\(beta)")
  }

  /// The session's deltas (at least `deltas`) came before its completed event and add up to it; its transcript is
  /// `upload` within one word.
  private func expectTranscript(of events: [Printed], matches upload: String?, _ label: String, deltas minimum: Int = 1)
    throws
  {
    let upload = try #require(upload, "\(label): no upload text")
    let types = events.map(\.type)
    let completed = try #require(
      types.firstIndex(of: "conversation.item.input_audio_transcription.completed"), "\(label): \(types)")
    let deltas = events.enumerated().filter { $0.element.type.hasSuffix("input_audio_transcription.delta") }
    #expect(deltas.count >= minimum && deltas.allSatisfy { $0.offset < completed }, "\(label): deltas first: \(types)")
    let transcript = events[completed]["transcript"] ?? ""
    #expect(deltas.compactMap { $0.element["delta"] }.joined() == transcript, "\(label): the deltas add up")
    let errors = WordErrorRate.count(reference: upload, hypothesis: transcript).errors
    #expect(errors <= 1, "\(label): '\(transcript)' against the upload's '\(upload)'")
    print("realtime, \(label): '\(transcript)' (\(deltas.count) delta(s); upload '\(upload)')")
  }
}
