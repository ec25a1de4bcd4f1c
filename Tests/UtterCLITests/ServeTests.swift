import Foundation
import HTTPTransport
import RemoteDictation
import SpeechEngine
import TestSupport
import Testing

/// The lines of `output` that start with `key:`, without the key.
private func values(_ key: String, in output: String) -> [String] {
  output.split(separator: "\n").filter { $0.hasPrefix(key + ":") }.map { String($0.dropFirst(key.count + 1)) }
}

private func errorMessage(_ response: HTTPResponse) -> String? {
  let json = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
  return (json?["error"] as? [String: Any])?["message"] as? String
}

@Suite("utter serve", .serialized, .serveServer)
struct ServeTests {
  @Test(
    "the official OpenAI Python client transcribes a WAV, cleaned up; a bad token is 401 and text sent as audio is 400")
  func openAIClient() async throws {
    guard let fixture = ServeFixture.current else { return }
    let script = """
      import sys, openai
      base, token, wav = sys.argv[1:4]
      client = openai.OpenAI(base_url=base + "/v1", api_key=token, max_retries=0)
      print("json:" + client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb")).text)
      verbose = client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb"), response_format="verbose_json")
      print("verbose:%d segments, %s, %.1f s" % (len(verbose.segments), verbose.language, verbose.duration))
      srt = client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb"), response_format="srt")
      print("srt:" + srt.splitlines()[1])
      raw = client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb"), extra_body={"cleanup": "false"})
      print("raw:" + raw.text)
      try:
          openai.OpenAI(base_url=base + "/v1", api_key="wrong", max_retries=0).audio.transcriptions.create(
              model="whisper-1", file=open(wav, "rb"))
          print("badtoken:accepted")
      except openai.AuthenticationError as error:
          print("badtoken:%d" % error.status_code)
      try:
          client.audio.transcriptions.create(model="whisper-1", file=("notes.txt", b"hello, this is text, not audio"))
          print("text:accepted")
      except openai.BadRequestError as error:
          print("text:%d %s" % (error.status_code, error.message))
      """
    guard
      let output = try await fixture.python(
        script, [fixture.server.baseURL.absoluteString, ServeFixture.token, fixture.speech.path])
    else { return }
    #expect(output.status == 0, "\(output.stderr)")
    let text = values("json", in: output.stdout).first ?? ""
    #expect(WordErrorRate.count(reference: ServeFixture.sentence, hypothesis: text).errors <= 2, "\(text)")
    #expect(text.first?.isUppercase == true && text.hasSuffix("?"), "cleaned up: the spoken mark is a mark: \(text)")
    let raw = values("raw", in: output.stdout).first ?? ""
    #expect(raw.lowercased().contains("question mark"), "cleanup=false gives the engine's words: \(raw)")
    #expect(values("verbose", in: output.stdout).first?.contains("english") == true, "\(output.stdout)")
    #expect(values("srt", in: output.stdout).first?.contains("00:00:0") == true, "\(output.stdout)")
    #expect(values("badtoken", in: output.stdout) == ["401"])
    let refused = values("text", in: output.stdout).first ?? ""
    #expect(refused.hasPrefix("400 ") && refused.contains("not audio"), "\(refused)")
  }

  @Test("12 concurrent clients are all answered: 200, or 429 with Retry-After and then 200; none is lost")
  func concurrentClients() async throws {
    guard let fixture = ServeFixture.current else { return }
    let script = """
      import sys, time, openai
      from concurrent.futures import ThreadPoolExecutor
      base, token, wav = sys.argv[1:4]
      audio = open(wav, "rb").read()
      def dictate(index):
          client = openai.OpenAI(base_url=base + "/v1", api_key=token, max_retries=0, timeout=300)
          busy = 0
          while True:
              try:
                  text = client.audio.transcriptions.create(model="whisper-1", file=("speech.wav", audio)).text
                  return "%d|%d|%s" % (index, busy, text)
              except openai.RateLimitError as error:
                  busy += 1
                  time.sleep(float(error.response.headers["retry-after"]))
      with ThreadPoolExecutor(max_workers=12) as pool:
          for line in pool.map(dictate, range(12)):
              print("answer:" + line)
      """
    guard
      let output = try await fixture.python(
        script, [fixture.server.baseURL.absoluteString, ServeFixture.token, fixture.speech.path])
    else { return }
    #expect(output.status == 0, "\(output.stderr)")
    let answers = values("answer", in: output.stdout).map { $0.split(separator: "|", maxSplits: 2).map(String.init) }
    #expect(Set(answers.compactMap { Int($0[0]) }) == Set(0..<12), "every client was answered: \(output.stdout)")
    for answer in answers where answer.count == 3 {
      #expect(WordErrorRate.count(reference: ServeFixture.sentence, hypothesis: answer[2]).errors <= 2, "\(answer)")
    }
    let retried = answers.compactMap { Int($0[1]) }.reduce(0, +)
    print("12 concurrent clients: \(retried) answer(s) of 429 retried")
  }

  @Test("a full server answers 429 with Retry-After in OpenAI's error shape, and serves again once a client leaves")
  func fullServerAnswers429() async throws {
    guard let fixture = ServeFixture.current else { return }
    let server = RemoteServer(baseURL: fixture.server.baseURL, token: ServeFixture.token)
    // NB: a live dictation holds its place until it ends: four (2 workers + a queue of 2) fill the server.
    var open: [LiveDictation] = []
    for _ in 0..<4 {
      open.append(try await LiveDictation.open(server, transport: LiveSockets.live, http: fixture.http))
    }
    let wav = try Data(contentsOf: fixture.speech)
    let busy = try await fixture.transcribe(file: wav)
    #expect(busy.status == 429)
    #expect(busy.header("Retry-After").flatMap(Int.init).map { $0 > 0 } == true)
    #expect(errorMessage(busy)?.contains("busy") == true, "\(String(decoding: busy.body, as: UTF8.self))")
    await #expect(throws: RemoteDictationError.self) {
      _ = try await LiveDictation.open(server, transport: LiveSockets.live, http: fixture.http)
    }
    do {
      _ = try await LiveDictation.open(server, transport: LiveSockets.live, http: fixture.http)
    } catch let error as RemoteDictationError {
      #expect(error.kind == .refused(status: 429), "\(error)")
    }
    for dictation in open { await dictation.cancel() }
    var answered: HTTPResponse?
    let served = await eventually(timeout: 60) {
      answered = try? await fixture.transcribe(file: wav)
      return answered?.status == 200
    }
    #expect(served, "after the clients left: \(answered?.status ?? 0)")
  }

  @Test("the WebSocket gives live text while audio streams, then the final text, the same as a file upload's")
  func liveText() async throws {
    guard let fixture = ServeFixture.current else { return }
    let server = RemoteServer(baseURL: fixture.server.baseURL, token: ServeFixture.token)
    let dictation = try await LiveDictation.open(server, transport: LiveSockets.live, http: fixture.http)
    let revisions = Collected(dictation.updates)
    let samples = try EngineFixtures.readPCM16(fixture.speech) + [Float](repeating: 0, count: 16_000 * 2)
    for start in stride(from: 0, to: samples.count, by: 1600) {
      try await dictation.send(Array(samples[start..<min(samples.count, start + 1600)]))
    }
    // The sentence ended 2 s ago: its window settles and is read before the user taps done.
    let confirmed = await eventually(timeout: 120) {
      revisions.values.contains { !($0.confirmed ?? "").isEmpty }
    }
    #expect(confirmed, "live text before stop: \(revisions.values)")
    let final = try await dictation.finish()
    let live = revisions.values.last { !($0.confirmed ?? "").isEmpty }?.confirmed ?? ""
    #expect(WordErrorRate.count(reference: ServeFixture.sentence, hypothesis: live).errors <= 2, "\(live)")
    #expect(
      revisions.values.map { $0.revision ?? 0 } == revisions.values.map { $0.revision ?? 0 }.sorted(),
      "revisions only grow")
    let text = final.text ?? ""
    #expect(WordErrorRate.count(reference: ServeFixture.sentence, hypothesis: text).errors <= 2, "\(text)")
    #expect(text.first?.isUppercase == true && text.hasSuffix("?"), "\(text)")
    #expect(final.rawText?.lowercased().contains("question mark") == true, "\(final.rawText ?? "")")
    let upload = try await fixture.transcribe(file: try Data(contentsOf: fixture.speech))
    let uploaded = (try? JSONSerialization.jsonObject(with: upload.body) as? [String: Any])?["text"] as? String
    #expect(uploaded == text, "a live dictation ends as the same audio uploaded as a file")
  }

  @Test("the phone's live client is told why a server refuses: 401 for a bad key, 'not offered' without the endpoint")
  func liveRefusals() async throws {
    guard let fixture = ServeFixture.current else { return }
    let wrong = RemoteServer(baseURL: fixture.server.baseURL, token: "nope")
    do {
      _ = try await LiveDictation.open(wrong, transport: LiveSockets.live, http: fixture.http)
      Issue.record("a bad key opened a live dictation")
    } catch let error as RemoteDictationError {
      #expect(error.kind == .refused(status: 401))
      #expect(error.message.contains("API key"), "\(error)")
    }
    // A plain OpenAI-compatible server has no live endpoint: the client says so, and the app uploads files instead.
    let elsewhere = RemoteServer(
      baseURL: URL(string: fixture.server.baseURL.absoluteString + "/elsewhere")!, token: ServeFixture.token)
    do {
      _ = try await LiveDictation.open(elsewhere, transport: LiveSockets.live, http: fixture.http)
      Issue.record("a server without the endpoint opened a live dictation")
    } catch let error as RemoteDictationError {
      #expect(error.kind == .notOffered, "\(error)")
    }
  }

  @Test("bad requests get one clear line in OpenAI's error shape: 401, 400, 413, 404; health needs no token")
  func badRequests() async throws {
    guard let fixture = ServeFixture.current else { return }
    let wav = try Data(contentsOf: fixture.speech)
    let noToken = try await fixture.http.send(
      HTTPRequest(method: .post, url: fixture.url("/v1/audio/transcriptions"), body: wav))
    #expect(noToken.status == 401)
    #expect(errorMessage(noToken)?.contains("Bearer") == true)
    let wrongToken = try await fixture.transcribe(file: wav, token: "nope")
    #expect(wrongToken.status == 401)
    let notForm = try await fixture.http.send(
      HTTPRequest(method: .post, url: fixture.url("/v1/audio/transcriptions"), headers: fixture.auth(), body: wav))
    #expect(notForm.status == 400 && errorMessage(notForm)?.contains("multipart/form-data") == true)
    let badFormat = try await fixture.transcribe(file: wav, fields: ["response_format": "xml"])
    #expect(badFormat.status == 400 && errorMessage(badFormat)?.contains("verbose_json") == true)
    let badLanguage = try await fixture.transcribe(file: wav, fields: ["language": "english please"])
    #expect(badLanguage.status == 400 && errorMessage(badLanguage)?.contains("ISO 639-1") == true)
    let garbage = try await fixture.transcribe(file: Data((0..<4000).map { UInt8($0 % 251) }), name: "noise.bin")
    #expect(garbage.status == 400 && errorMessage(garbage)?.contains("not audio") == true)
    let large = try await fixture.transcribe(file: Data(count: 1_200_000))
    #expect(large.status == 413 && errorMessage(large)?.contains("1 MB") == true)
    let unknown = try await fixture.http.send(HTTPRequest(url: fixture.url("/v1/nothing"), headers: fixture.auth()))
    #expect(unknown.status == 404 && errorMessage(unknown)?.contains("/v1/nothing") == true)
    let health = try await fixture.http.send(HTTPRequest(url: fixture.url("/health")))
    #expect(health.status == 200)
    let metrics = try await fixture.http.send(HTTPRequest(url: fixture.url("/metrics")))
    #expect(metrics.status == 401, "metrics need a token")
    // The server is still up and serving after all of it.
    let fine = try await fixture.transcribe(file: wav, fields: ["response_format": "text"])
    #expect(fine.status == 200 && String(decoding: fine.body, as: UTF8.self).hasSuffix("?\n"))
  }

  @Test("/v1/format cleans up text as a dictation's words are: fillers gone, numbers as digits")
  func formatEndpoint() async throws {
    guard let fixture = ServeFixture.current else { return }
    let request = try HTTPRequest.json(
      ["text": "um so the meeting is at three thirty pm"], to: fixture.url("/v1/format"), headers: fixture.auth())
    let response = try await fixture.http.send(request)
    #expect(response.status == 200)
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    #expect(json?["text"] as? String == "So the meeting is at 3:30 PM.")
    let bad = try await fixture.http.send(
      HTTPRequest(method: .post, url: fixture.url("/v1/format"), headers: fixture.auth(), body: Data("{".utf8)))
    #expect(bad.status == 400)
  }

  @Test("Prometheus metrics count requests, audio seconds and the real-time factor")
  func metrics() async throws {
    guard let fixture = ServeFixture.current else { return }
    let upload = try await fixture.transcribe(file: try Data(contentsOf: fixture.speech))
    #expect(upload.status == 200)
    let response = try await fixture.http.send(HTTPRequest(url: fixture.url("/metrics"), headers: fixture.auth()))
    let text = String(decoding: response.body, as: UTF8.self)
    #expect(response.status == 200)
    #expect(text.contains(#"utter_http_requests_total{endpoint="/v1/audio/transcriptions",status="200"}"#))
    #expect(text.contains("utter_request_duration_seconds_bucket"))
    #expect(text.contains("utter_real_time_factor_count"))
    #expect(text.contains("utter_engine_queue_depth"))
    let audio = text.split(separator: "\n").first { $0.hasPrefix("utter_audio_seconds_total") }
    #expect(audio.flatMap { Double($0.split(separator: " ").last ?? "") }.map { $0 > 2 } == true, "\(audio ?? "")")
  }

  @Test("tokens made with `utter serve tokens add` work at once, are stored hashed in a 0600 file, and revoked stop")
  func tokens() async throws {
    guard let fixture = ServeFixture.current else { return }
    let data = fixture.dir.path("data").path
    let added = try await UtterBinary.run(["serve", "tokens", "add", "phone", "--data-dir", data])
    #expect(added.status == 0, "\(added.stderr)")
    let token = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.count > 40)
    let file = fixture.dir.path("data/server-tokens.json")
    let stored = try String(contentsOf: file, encoding: .utf8)
    #expect(!stored.contains(token), "only the hash is kept")
    let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
    #expect(mode == 0o600)
    let listed = try await UtterBinary.run(["serve", "tokens", "list", "--data-dir", data])
    #expect(listed.stdout.hasPrefix("phone\t"))
    let models = HTTPRequest(url: fixture.url("/v1/models"), headers: fixture.auth(token))
    #expect(try await fixture.http.send(models).status == 200)
    let revoked = try await UtterBinary.run(["serve", "tokens", "revoke", "phone", "--data-dir", data])
    #expect(revoked.status == 0)
    #expect(revoked.stdout == "revoked phone\n")
    #expect(try await fixture.http.send(models).status == 401)
    let again = try await UtterBinary.run(["serve", "tokens", "revoke", "phone", "--data-dir", data])
    #expect(again.status == 1)
    #expect(again.stderr == "utter: no token named 'phone'\n")
  }

  @Test("the server's log holds no token, no transcribed word and no audio")
  func logsHoldNoSecrets() async throws {
    guard let fixture = ServeFixture.current else { return }
    #expect(try await fixture.transcribe(file: try Data(contentsOf: fixture.speech)).status == 200)
    let log = fixture.server.log
    #expect(log.contains("POST /v1/audio/transcriptions 200"))
    #expect(!log.contains(ServeFixture.token))
    #expect(!log.lowercased().contains("quarterly"), "no transcribed words in the log")
    #expect(!log.contains("RIFF"))
  }
}
