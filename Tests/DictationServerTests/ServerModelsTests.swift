import AudioInput
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// An engine named `model` that reads any audio as "Read by MODEL, thanks!", its words spread over the audio.
private struct NamedEngine: SpeechEngine {
  let id = "named"
  let model: String

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let seconds = Double(samples.count) / Double(engineSampleRate)
    let texts = ["Read", "by", "\(model),", "thanks!"]
    let words = texts.enumerated().map { index, text in
      TranscriptWord(
        text: text, start: seconds * Double(index) / 4, end: seconds * Double(index + 1) / 4 - 0.01, confidence: 0.9)
    }
    let text = texts.joined(separator: " ")
    let segment = TranscriptSegment(text: text, start: 0, end: seconds, confidence: 0.9, words: words)
    return Transcript(text: text, segments: [segment], language: "en", engine: id, model: model)
  }
}

@Suite("utter serve with several models: the list, a request's model, word timestamps")
struct ServerModelsTests {
  static let demo: Data = {
    let samples = (try? AudioFileDecoder.decode(contentsOf: PackagePaths.file("Samples/demo.wav")).samples) ?? []
    return WAVEncoding.file(samples)
  }()

  func fixture() async throws -> RouteFixture {
    try await RouteFixture(
      maxUploadBytes: 2_000_000, engine: NamedEngine(model: "small-q5"), more: [NamedEngine(model: "tiny-mine")])
  }

  func upload(_ client: any TestClientProtocol, _ fields: [(String, String)]) async throws -> TestResponse {
    try await client.execute(
      uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
      body: RouteFixture.form(file: Self.demo, fields: fields))
  }

  @Test("/v1/models lists every served model, the default first, and /v1/models/{id} finds each")
  func list() async throws {
    try await fixture().test { client in
      let list = try await client.execute(uri: "/v1/models", method: .get, headers: RouteFixture.authorized)
      let object = try JSONSerialization.jsonObject(with: Data(list.body.readableBytesView)) as? [String: Any]
      let data = try #require(object?["data"] as? [[String: Any]])
      #expect(data.map { $0["id"] as? String } == ["small-q5", "tiny-mine"])
      #expect(data.allSatisfy { ($0["created"] as? Int ?? 0) > 1_700_000_000 && $0["object"] as? String == "model" })
      let one = try await client.execute(uri: "/v1/models/tiny-mine", method: .get, headers: RouteFixture.authorized)
      #expect(one.status == .ok)
      let none = try await client.execute(uri: "/v1/models/large", method: .get, headers: RouteFixture.authorized)
      #expect(none.status == .notFound)
      #expect(try openAIError(none).message.contains("'small-q5', 'tiny-mine'"))
    }
  }

  @Test("a request's model picks its pool; OpenAI's names and none read with the default; another name is 400")
  func modelPicksPool() async throws {
    try await fixture().test { client in
      func text(_ model: String?) async throws -> (HTTPResponse.Status, String) {
        var fields = [("cleanup", "false"), ("response_format", "text")]
        if let model { fields.append(("model", model)) }
        let answer = try await upload(client, fields)
        return (answer.status, String(buffer: answer.body))
      }
      #expect(try await text("tiny-mine") == (.ok, "Read by tiny-mine, thanks!\n"))
      #expect(try await text("small-q5") == (.ok, "Read by small-q5, thanks!\n"))
      #expect(try await text("whisper-1") == (.ok, "Read by small-q5, thanks!\n"))
      #expect(try await text("gpt-4o-mini-transcribe") == (.ok, "Read by small-q5, thanks!\n"))
      #expect(try await text(nil) == (.ok, "Read by small-q5, thanks!\n"))
      let unknown = try await upload(client, [("model", "large-v3")])
      #expect(unknown.status == .badRequest)
      let error = try openAIError(unknown)
      #expect(error.code == "model_not_found" && error.param == "model")
      #expect(
        error.message.hasPrefix(
          "The model 'large-v3' is not served here; this server reads with 'small-q5', 'tiny-mine'"))
    }
  }

  @Test("verbose_json with word timestamps has the engine's words in order, without punctuation, inside the audio")
  func wordTimestamps() async throws {
    try await fixture().test { client in
      let answer = try await upload(
        client,
        [
          ("model", "tiny-mine"), ("response_format", "verbose_json"), ("timestamp_granularities[]", "word"),
          ("timestamp_granularities[]", "segment"),
        ])
      #expect(answer.status == .ok)
      let object = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
      let words = try #require(object?["words"] as? [[String: Any]])
      #expect(words.map { $0["word"] as? String } == ["Read", "by", "tiny-mine", "thanks"])
      let duration = try #require(object?["duration"] as? Double)
      let times = words.map { ($0["start"] as? Double ?? -1, $0["end"] as? Double ?? -1) }
      #expect(times.allSatisfy { 0 <= $0.0 && $0.0 <= $0.1 && $0.1 <= duration }, "\(times)")
      #expect(zip(times, times.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "\(times)")
      #expect((object?["segments"] as? [Any])?.count == 1)
      let plain = try await upload(client, [("response_format", "verbose_json")])
      #expect(
        (try JSONSerialization.jsonObject(with: Data(plain.body.readableBytesView)) as? [String: Any])?["words"] == nil)
      let json = try await upload(client, [("timestamp_granularities[]", "word")])
      #expect(json.status == .badRequest)
      #expect(try openAIError(json).param == "timestamp_granularities")
      let segmentsWithJSON = try await upload(client, [("timestamp_granularities[]", "segment")])
      #expect(segmentsWithJSON.status == .ok, "OpenAI ignores segment timestamps with json")
    }
  }

  @Test("words keep their order and the audio's bounds even when the engine's times do not")
  func wordsSanitised() {
    let words = [
      TranscriptWord(text: "“Hello,", start: 0.5, end: 0.9, confidence: 1),
      TranscriptWord(text: "—", start: 0.9, end: 1.0, confidence: 1),
      TranscriptWord(text: "don't", start: 0.4, end: 0.3, confidence: 1),
      TranscriptWord(text: "stop.”", start: 2.5, end: 3.7, confidence: 1),
    ]
    let segment = TranscriptSegment(text: "", start: 0, end: 4, confidence: 1, words: words)
    #expect(
      TranscriptionFormat.words(of: [segment], duration: 3) == [
        .init(word: "Hello", start: 0.5, end: 0.9), .init(word: "don't", start: 0.5, end: 0.5),
        .init(word: "stop", start: 2.5, end: 3),
      ])
  }
}
