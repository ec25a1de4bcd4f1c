import Foundation
import HTTPTransport
import TestSupport
import Testing

private func openAIError(_ response: HTTPResponse) -> (message: String, code: String?, param: String?)? {
  guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
    let error = object["error"] as? [String: Any], let message = error["message"] as? String
  else { return nil }
  return (message, error["code"] as? String, error["param"] as? String)
}

/// What OpenAI's API answers for methods, limits and parameters, answered the same way by `utter serve`.
@Suite("utter serve answers methods, limits and parameters as OpenAI does", .serialized)
struct ServeParameterTests {
  @Test("GET on the transcription path is 405 with Allow: POST, not 404")
  func wrongMethod() async throws {
    try await HostileServer.with { server in
      let answer = try await server.get("/v1/audio/transcriptions", token: HostileServer.token)
      #expect(answer.status == 405)
      #expect(answer.header("Allow") == "POST")
      #expect(openAIError(answer)?.message.contains("use POST") == true)
      let unknown = try await server.get("/v1/nothing", token: HostileServer.token)
      #expect(unknown.status == 404)
    }
  }

  @Test("/v1/format over 1 MB says its own limit, 1 MB, not the upload limit")
  func formatLimit() async throws {
    try await HostileServer.with { server in
      let body = try JSONSerialization.data(withJSONObject: ["text": String(repeating: "um ", count: 400_000)])
      let answer = try await server.http.send(
        HTTPRequest(
          method: .post, url: server.url("/v1/format"),
          headers: ["Authorization": "Bearer \(HostileServer.token)", "Content-Type": "application/json"], body: body))
      #expect(answer.status == 413)
      #expect(openAIError(answer)?.message == "The text is larger than this server's limit of 1 MB.")
    }
  }

  @Test("an unknown language and a temperature of 5 are refused 400 naming the parameter; 'en' and 0.2 are served")
  func languageAndTemperature() async throws {
    try await HostileServer.with { server in
      let wav = HostileServer.toneWAV(seconds: 1)
      let language = try await server.transcribe(wav, fields: ["language": "xx"])
      #expect(language.status == 400 && openAIError(language)?.param == "language", "\(language.status)")
      #expect(openAIError(language)?.code == "unsupported_language")
      let temperature = try await server.transcribe(wav, fields: ["temperature": "5"])
      #expect(temperature.status == 400 && openAIError(temperature)?.param == "temperature")
      #expect(openAIError(temperature)?.code == "decimal_above_max_value")
      let fine = try await server.transcribe(wav, fields: ["language": "en", "temperature": "0.2"])
      #expect(fine.status == 200, "\(String(decoding: fine.body, as: UTF8.self))")
    }
  }

  @Test(
    "word timestamps are served with verbose_json and refused 400 with json; segment timestamps are ignored by json")
  func timestampGranularities() async throws {
    try await HostileServer.with { server in
      let wav = HostileServer.toneWAV(seconds: 1)
      let words = try await server.transcribe(
        wav, fields: ["response_format": "verbose_json", "timestamp_granularities[]": "word"])
      #expect(words.status == 200)
      #expect((try JSONSerialization.jsonObject(with: words.body) as? [String: Any])?["words"] is [Any])
      let plainWords = try await server.transcribe(wav, fields: ["timestamp_granularities[]": "word"])
      #expect(plainWords.status == 400 && openAIError(plainWords)?.param == "timestamp_granularities")
      #expect(openAIError(plainWords)?.message.contains("verbose_json") == true)
      let plain = try await server.transcribe(wav, fields: ["timestamp_granularities[]": "segment"])
      #expect(plain.status == 200, "OpenAI ignores segment timestamps with json")
      let segments = try await server.transcribe(
        wav, fields: ["response_format": "verbose_json", "timestamp_granularities[]": "segment"])
      #expect(segments.status == 200)
      let object = try JSONSerialization.jsonObject(with: segments.body) as? [String: Any]
      #expect(object?["segments"] is [Any])
      #expect(object?["words"] == nil)
    }
  }

  @Test("/v1/models/{id} gives the model the server reads with, and 404 model_not_found for another")
  func modelByID() async throws {
    try await HostileServer.with { server in
      let list = try await server.get("/v1/models", token: HostileServer.token)
      let data = (try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["data"] as? [[String: Any]]
      let id = try #require(data?.first?["id"] as? String)
      let model = try await server.get("/v1/models/\(id)", token: HostileServer.token)
      #expect(model.status == 200)
      #expect((try JSONSerialization.jsonObject(with: model.body) as? [String: Any])?["id"] as? String == id)
      let other = try await server.get("/v1/models/whisper-9", token: HostileServer.token)
      #expect(other.status == 404 && openAIError(other)?.code == "model_not_found")
      #expect(try await server.get("/v1/models/\(id)").status == 401, "a model needs a token like the list")
    }
  }
}
