import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import ProviderTestSupport
import SpeechEngine
import Testing

@Suite("OpenAI-style transcription (OpenAI, Groq, compatible servers)")
struct OpenAIStyleEngineTests {
  @Test("OpenAI: uploads a WAV with model, language and prompt, and reads the json answer")
  func openAIHappyPath() async throws {
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/v1/audio/transcriptions", bearer: testKeys["openai"],
        expectedFields: [
          "model": "gpt-4o-mini-transcribe", "language": "en", "prompt": "Kubernetes, Utter. Earlier text.",
          "response_format": "json",
        ])
      {
        return .badRequest(problem)
      }
      return .json(
        #"{"text":"Deploy it on Kubernetes.","usage":{"type":"tokens","input_tokens":14,"output_tokens":6}}"#)
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "openai")
      let options = TranscriptionOptions(language: "en", vocabulary: ["Kubernetes", "Utter"], prompt: "Earlier text.")
      let transcript = try await engine.transcribe(toneSamples, options: options)
      #expect(transcript.text == "Deploy it on Kubernetes.")
      #expect(transcript.engine == "openai")
      #expect(transcript.model == "gpt-4o-mini-transcribe")
      #expect(transcript.language == "en")
      #expect(transcript.segments.map(\.text) == ["Deploy it on Kubernetes."])
      #expect(server.requests.count == 1)
    }
  }

  @Test("whisper-1 asks for verbose_json and keeps segment timing, confidence and the detected language")
  func verboseJSON() async throws {
    let answer = #"""
      {"task":"transcribe","language":"english","duration":1.0,"text":"Hello there. General Kenobi.",
       "segments":[{"id":0,"seek":0,"start":0.0,"end":0.4,"text":" Hello there.","tokens":[1],"temperature":0.0,
         "avg_logprob":-0.1,"compression_ratio":1.0,"no_speech_prob":0.01},
        {"id":1,"seek":0,"start":0.4,"end":1.0,"text":" General Kenobi.","tokens":[2],"temperature":0.0,
         "avg_logprob":-0.5,"compression_ratio":1.0,"no_speech_prob":0.02}]}
      """#
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/v1/audio/transcriptions", bearer: testKeys["openai"],
        expectedFields: ["model": "whisper-1", "response_format": "verbose_json", "language": ""])
      {
        return .badRequest(problem)
      }
      return .json(answer)
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "openai", model: "whisper-1")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      #expect(transcript.text == "Hello there. General Kenobi.")
      #expect(transcript.language == "en")
      #expect(transcript.segments.map(\.text) == ["Hello there.", "General Kenobi."])
      #expect(transcript.segments.map(\.end) == [0.4, 1.0])
      #expect(abs(transcript.segments[0].confidence - exp(-0.1)) < 1e-9)
      #expect(transcript.segments[1].noSpeechProbability == 0.02)
    }
  }

  @Test("Groq: same upload under /openai/v1 with its Whisper model")
  func groqHappyPath() async throws {
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/openai/v1/audio/transcriptions", bearer: testKeys["groq"],
        expectedFields: ["model": "whisper-large-v3-turbo", "response_format": "verbose_json"])
      {
        return .badRequest(problem)
      }
      return .json(
        #"{"text":" Ship it.","language":"English","segments":[{"start":0,"end":0.8,"text":" Ship it.","avg_logprob":-0.2,"no_speech_prob":0.0}],"x_groq":{"id":"req_1"}}"#
      )
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "groq")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      #expect(transcript.text == "Ship it.")
      #expect(transcript.language == "en")
      #expect(transcript.model == "whisper-large-v3-turbo")
    }
  }

  @Test("an OpenAI-compatible server works without a key and with any model name")
  func compatibleWithoutKey() async throws {
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/v1/audio/transcriptions", bearer: nil,
        expectedFields: ["model": "Systran/faster-whisper-small"])
      {
        return .badRequest(problem)
      }
      return .json(#"{"text":"Local and private."}"#)
    }) { server in
      let engine = try await registry(server: server).makeEngine(
        id: "openai-compatible", model: "Systran/faster-whisper-small")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      #expect(transcript.text == "Local and private.")
    }
  }

  @Test("openai-compatible without a base URL says so")
  func compatibleNeedsBaseURL() async throws {
    var registry = SpeechEngineRegistry()
    CloudSpeechEngines.register(into: &registry, keys: InMemorySecretStore(), http: LiveHTTPClient())
    let error = await #expect(throws: SpeechEngineError.self) {
      _ = try await registry.makeEngine(id: "openai-compatible")
    }
    #expect(error?.message == "openai-compatible needs a base URL, e.g. --base-url http://localhost:8000/v1")
  }

  @Test("the own server's address as set when the engine is made (the phone's setting) is where audio goes")
  func ownServerAddress() async throws {
    try await FakeProviderServer.with({ request in
      request.path == "/v1/audio/transcriptions" && request.header("authorization") == "Bearer own-token"
        ? .json(#"{"text":"Through my own server."}"#) : .badRequest("wrong request \(request.path)")
    }) { server in
      let address = LockedAddress()
      var registry = SpeechEngineRegistry()
      CloudSpeechEngines.register(
        into: &registry, keys: InMemorySecretStore(["openai-compatible": "own-token"]), http: LiveHTTPClient(),
        ownServer: { address.url })
      await #expect(throws: SpeechEngineError.self) { _ = try await registry.makeEngine(id: "openai-compatible") }
      address.url = server.baseURL  // a bare host: /v1 is added
      let engine = try await registry.makeEngine(id: CloudSpeechEngines.ownServerID)
      #expect(
        try await engine.transcribe(toneSamples, options: TranscriptionOptions()).text == "Through my own server.")
    }
  }

  @Test("silence shorter than 0.1 s gives an empty transcript without a request")
  func tinyAudio() async throws {
    try await FakeProviderServer.with({ _ in .badRequest("no request expected") }) { server in
      let engine = try await registry(server: server).makeEngine(id: "openai")
      let transcript = try await engine.transcribe([Float](repeating: 0, count: 800), options: TranscriptionOptions())
      #expect(transcript.text.isEmpty)
      #expect(server.requests.isEmpty)
    }
  }

  @Test("long audio is uploaded in pieces and the transcripts are joined with shifted times")
  func longAudioInPieces() async throws {
    let engine = OpenAITranscriptionEngine(
      ProviderConnection(
        id: "openai", displayName: "OpenAI", baseURL: URL(string: "http://127.0.0.1:1/v1")!, apiKey: "k",
        model: "whisper-1", http: PieceClient()),
      maxUploadSeconds: 0.5)
    let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
    #expect(transcript.text == "piece piece")
    #expect(transcript.segments.map(\.start) == [0, 0.5])
  }
}

/// Answers every upload with one segment "piece" at 0 s, without a network.
struct PieceClient: HTTPClient {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(
      status: 200,
      body: Data(#"{"text":"piece","segments":[{"start":0,"end":0.5,"text":"piece"}]}"#.utf8))
  }
}

/// An address a test changes while an engine registry reads it.
private final class LockedAddress: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: URL?
  var url: URL? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
