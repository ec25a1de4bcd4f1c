import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import ProviderTestSupport
import SpeechEngine
import TestSupport
import Testing

@Suite("Cloud transcription failures")
struct CloudSpeechFailureTests {
  @Test("a rejected key is one line naming the provider, without the key")
  func rejectedKey() async throws {
    try await FakeProviderServer.with({ _ in
      .json(
        #"{"error":{"message":"Incorrect API key provided: sk-test-openai-0123456789abcdef.","type":"invalid_request_error","code":"invalid_api_key"}}"#,
        status: 401)
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "openai")
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      }
      #expect(error?.message == "OpenAI rejected the API key")
    }
  }

  @Test("Deepgram's error body is shown, and its key never is")
  func deepgramError() async throws {
    try await FakeProviderServer.with({ _ in
      .json(
        #"{"err_code":"INSUFFICIENT_PERMISSIONS","err_msg":"Key dg0123456789abcdef0123456789abcdef may not use nova-3.","request_id":"x"}"#,
        status: 403)
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "deepgram")
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      }
      #expect(error?.message == "Deepgram refused access: Key [redacted] may not use nova-3.")
    }
  }

  @Test("a missing key fails engine creation with how to set one")
  func missingKey() async throws {
    try await FakeProviderServer.with({ _ in .badRequest("no request expected") }) { server in
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await registry(server: server, keys: [:]).makeEngine(id: "deepgram")
      }
      #expect(error?.message == "no API key for Deepgram: run `utter keys set deepgram` or set DEEPGRAM_API_KEY")
      #expect(server.requests.isEmpty)
    }
  }

  @Test("429 with Retry-After is retried after the asked wait, then succeeds")
  func rateLimitThenSuccess() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ request in
      request.header("x-retry-marker") == nil && delays.values.isEmpty
        ? .json(
          #"{"error":{"message":"Rate limit reached","type":"requests"}}"#, status: 429, headers: ["Retry-After": "7"])
        : .json(#"{"text":"Made it."}"#)
    }) { server in
      let engine = try await registry(server: server, delays: delays).makeEngine(id: "groq")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      #expect(transcript.text == "Made it.")
      #expect(delays.values == [.seconds(7)])
      #expect(server.requests.count == 2)
    }
  }

  @Test("429 on every attempt ends in a clear rate-limit error")
  func rateLimitGivesUp() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ _ in
      .json(#"{"message":"Too many requests"}"#, status: 429, headers: ["Retry-After": "1"])
    }) { server in
      let engine = try await registry(server: server, delays: delays).makeEngine(id: "mistral")
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      }
      #expect(error?.message == "Mistral is limiting requests (HTTP 429): Too many requests; try again later")
      #expect(server.requests.count == 3)
      #expect(delays.values == [.seconds(1), .seconds(1)])
    }
  }

  @Test("a server slower than the timeout ends in a timeout error")
  func timeout() async throws {
    // The server answers only after the engine has given up.
    let answer = Gate()
    try await FakeProviderServer.with({ _ in .json(#"{"text":"late"}"#, heldUntil: answer) }) { server in
      let engine = try await registry(server: server, timeout: 0.3).makeEngine(id: "openai")
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      }
      #expect(!answer.opened)
      answer.open()
      #expect(error?.message == "OpenAI did not answer in time")
    }
  }

  @Test("a malformed answer is reported, not crashed on")
  func malformedAnswer() async throws {
    try await FakeProviderServer.with({ _ in .json(#"{"results": "#) }) { server in
      let engine = try await registry(server: server).makeEngine(id: "deepgram")
      let error = await #expect(throws: SpeechEngineError.self) {
        _ = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      }
      #expect(error?.message == "Deepgram sent an answer Utter cannot read: expected results.channels")
    }
  }
}
