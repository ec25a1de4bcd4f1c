import Foundation
import SpeechEngine
import TestSupport
import Testing

/// The lines of `output` that start with `key:`, without the key, split at the first `|`.
private func fields(_ key: String, in output: String) -> [(seconds: Double, text: String)] {
  output.split(separator: "\n").filter { $0.hasPrefix(key + ":") }.map { line in
    let parts = line.dropFirst(key.count + 1).split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
    return (Double(parts.first ?? "") ?? -1, parts.count > 1 ? String(parts[1]) : "")
  }
}

extension ServeTests {
  /// Two sentences with a pause between them: two stretches of speech, so two windows.
  static let secondSentence = "the meeting moved to the second floor"

  @Test(
    "the official OpenAI Python client's stream=True gets deltas as the upload is read, then the plain answer's text")
  func openAIClientStream() async throws {
    guard let fixture = ServeFixture.current else { return }
    let first = fixture.dir.path("first.wav")
    let paused = fixture.dir.path("paused.wav")
    let second = fixture.dir.path("second.wav")
    let both = fixture.dir.path("both.wav")
    try SyntheticSpeech.synthesize(ServeFixture.spoken, to: first)
    try SyntheticSpeech.synthesize(Self.secondSentence + " period", to: second)
    try SyntheticSpeech.run("sox", [first.path, paused.path, "pad", "0", "1.5"])
    try SyntheticSpeech.run("sox", [paused.path, second.path, both.path])
    let script = """
      import sys, time, openai
      base, token, wav = sys.argv[1:4]
      client = openai.OpenAI(base_url=base + "/v1", api_key=token, max_retries=0, timeout=300)
      started = time.monotonic()
      plain = client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb")).text
      print("plain:%.3f|%s" % (time.monotonic() - started, plain))
      started = time.monotonic()
      for event in client.audio.transcriptions.create(model="whisper-1", file=open(wav, "rb"), stream=True):
          if event.type == "transcript.text.delta":
              print("delta:%.3f|%s" % (time.monotonic() - started, event.delta), flush=True)
          elif event.type == "transcript.text.done":
              print("done:%.3f|%s" % (time.monotonic() - started, event.text), flush=True)
      try:
          client.audio.transcriptions.create(
              model="whisper-1", file=open(wav, "rb"), stream=True, response_format="srt")
          print("srt:accepted")
      except openai.BadRequestError as error:
          print("srt:%d|%s" % (error.status_code, error.body["param"]))
      """
    guard
      let output = try await fixture.python(
        script, [fixture.server.baseURL.absoluteString, ServeFixture.token, both.path])
    else { return }
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    let deltas = fields("delta", in: output.stdout)
    let done = try #require(fields("done", in: output.stdout).first, "\(output.stdout)")
    let plain = try #require(fields("plain", in: output.stdout).first, "\(output.stdout)")
    #expect(deltas.count >= 2, "a delta for each window read, the first before the second is read: \(output.stdout)")
    #expect(
      lines.firstIndex { $0.hasPrefix("delta:") } ?? .max < lines.firstIndex { $0.hasPrefix("done:") } ?? -1,
      "the deltas come before done")
    #expect(done.text == plain.text, "done is the plain answer's text")
    #expect(deltas.map(\.text).joined() == done.text, "the deltas add up to the text: \(deltas.map(\.text))")
    let reference = ServeFixture.sentence + " " + Self.secondSentence
    #expect(WordErrorRate.count(reference: reference, hypothesis: done.text).errors <= 3, "\(done.text)")
    #expect(fields("srt", in: output.stdout).first.map { "\(Int($0.seconds))|\($0.text)" } == "400|response_format")
    let firstDelta = deltas.first?.seconds ?? -1
    print(
      "stream=True: first delta after \(firstDelta) s, done after \(done.seconds) s; plain answer after \(plain.seconds) s"
    )
  }
}
