import Foundation
import HTTPTransport
import KeyStore
import ProviderTestSupport
import Testing

@testable import LLMPolish

@Suite("LLM providers against a local server")
struct LLMProviderTests {
  @Test("a phone is offered no server at localhost (that would be the phone), only cloud ones and its own server")
  func phonePresets() {
    let ids = LLMProviderCatalog.reachableFromPhone.map(\.id)
    #expect(!ids.contains("ollama") && !ids.contains("lmstudio"))
    #expect(ids.contains("openai") && ids.contains("openai-compatible"))
    #expect(LLMProviderCatalog.preset(id: "ollama")?.runsOnThisDevice == true, "the CLI still offers it")
  }

  let request = LLMRequest(system: "Clean this up.", user: "hello world", maxOutputTokens: 300, temperature: 0.2)

  @Test("polish on your own server sends its own key, never the speech server's token")
  func ownServerKeyIsItsOwn() async throws {
    try await FakeProviderServer.with({ request in
      responsesAnswer("Key: \(request.header("authorization") ?? "none")")
    }) { server in
      let speechOnly = InMemorySecretStore(["openai-compatible": "speech-token"])
      let polish = try LLMProviderCatalog.make(
        id: "openai-compatible", keys: speechOnly, http: LiveHTTPClient(), baseURL: server.url("/v1"))
      #expect(try await polish.complete(request).text == "Key: none")
      let both = InMemorySecretStore(["openai-compatible": "speech-token", "openai-compatible-polish": "polish-key"])
      let keyed = try LLMProviderCatalog.make(
        id: "openai-compatible", keys: both, http: LiveHTTPClient(), baseURL: server.url("/v1"))
      #expect(try await keyed.complete(request).text == "Key: Bearer polish-key")
    }
  }

  @Test("OpenAI: POST /v1/responses with instructions, input and store=false; reads output_text")
  func openAIResponses() async throws {
    try await FakeProviderServer.with({ request in
      guard request.method == "POST", request.path == "/v1/responses" else { return .badRequest("path") }
      guard request.header("authorization") == "Bearer \(openAIKey)" else { return .badRequest("auth") }
      guard request.header("content-type") == "application/json", let body = request.json else {
        return .badRequest("not JSON")
      }
      guard body["model"] as? String == "gpt-4.1-mini", body["instructions"] as? String == "Clean this up.",
        body["input"] as? String == "hello world", body["max_output_tokens"] as? Int == 300,
        body["store"] as? Bool == false, body["temperature"] as? Double == 0.2
      else { return .badRequest("fields \(body)") }
      return responsesAnswer("Hello, world.")
    }) { server in
      let response = try await openAI(server).complete(request)
      #expect(response.text == "Hello, world.")
      #expect(response.provider == "openai")
      #expect(response.model == "gpt-4.1-mini-2025-04-14")
    }
  }

  @Test("an OpenAI-compatible server without /responses gets chat completions, and keeps getting them")
  func compatibleFallsBackToChat() async throws {
    try await FakeProviderServer.with({ request in
      switch request.path {
      case "/v1/responses": return .text("404 page not found", status: 404)
      case "/v1/chat/completions":
        guard request.header("authorization") == nil else { return .badRequest("no key was configured") }
        guard let body = request.json, let messages = body["messages"] as? [[String: Any]],
          messages.map({ $0["role"] as? String }) == ["system", "user"],
          messages.last?["content"] as? String == "hello world", body["max_tokens"] as? Int == 300,
          body["stream"] as? Bool == false
        else { return .badRequest("chat fields") }
        return chatAnswer("Hello, world.", model: "llama3.2")
      default: return .badRequest("path \(request.path)")
      }
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "openai-compatible", keys: InMemorySecretStore(), http: LiveHTTPClient(), model: "llama3.2",
        baseURL: server.url("/v1"))
      #expect(try await provider.complete(request).text == "Hello, world.")
      #expect(try await provider.complete(request).text == "Hello, world.")
      #expect(server.requests.map(\.path) == ["/v1/responses", "/v1/chat/completions", "/v1/chat/completions"])
    }
  }

  @Test("LM Studio's 200 'Unexpected endpoint' answer also switches to chat completions")
  func lmStudioStyleFallback() async throws {
    try await FakeProviderServer.with({ request in
      request.path == "/v1/responses"
        ? .json(#"{"error":"Unexpected endpoint or method. (POST /v1/responses)"}"#)
        : chatAnswer("Fine.")
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "openai-compatible", keys: InMemorySecretStore(), http: LiveHTTPClient(), baseURL: server.url("/v1"))
      #expect(try await provider.complete(request).text == "Fine.")
    }
  }

  @Test("Anthropic: POST /v1/messages with x-api-key, anthropic-version, max_tokens and system")
  func anthropicMessages() async throws {
    try await FakeProviderServer.with({ request in
      guard request.method == "POST", request.path == "/v1/messages" else { return .badRequest("path") }
      guard request.header("x-api-key") == anthropicKey, request.header("anthropic-version") == "2023-06-01",
        request.header("authorization") == nil
      else { return .badRequest("headers") }
      guard let body = request.json, body["model"] as? String == "claude-haiku-4-5",
        body["max_tokens"] as? Int == 300, body["system"] as? String == "Clean this up.",
        let messages = body["messages"] as? [[String: Any]], messages.count == 1,
        messages[0]["role"] as? String == "user", messages[0]["content"] as? String == "hello world"
      else { return .badRequest("fields") }
      return .json(
        #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-haiku-4-5-20251001","content":[{"type":"text","text":"Hello, "},{"type":"text","text":"world."}],"stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":3}}"#
      )
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "anthropic", keys: polishKeys, http: LiveHTTPClient(), baseURL: server.baseURL)
      let response = try await provider.complete(request)
      #expect(response.text == "Hello, world.")
      #expect(response.model == "claude-haiku-4-5-20251001")
    }
  }

  @Test("Gemini: generateContent with x-goog-api-key, systemInstruction and contents; skips thought parts")
  func geminiGenerateContent() async throws {
    try await FakeProviderServer.with({ request in
      guard request.path == "/v1beta/models/gemini-2.5-flash:generateContent" else {
        return .badRequest("path \(request.path)")
      }
      guard request.header("x-goog-api-key") == geminiKey, !request.target.contains("key=") else {
        return .badRequest("key must be a header")
      }
      guard let body = request.json, let system = body["systemInstruction"] as? [String: Any],
        let systemParts = system["parts"] as? [[String: Any]],
        systemParts.first?["text"] as? String == "Clean this up.",
        let contents = body["contents"] as? [[String: Any]], contents.first?["role"] as? String == "user",
        let parts = contents.first?["parts"] as? [[String: Any]], parts.first?["text"] as? String == "hello world",
        let config = body["generationConfig"] as? [String: Any], config["maxOutputTokens"] as? Int == 300
      else { return .badRequest("fields") }
      return .json(
        #"{"candidates":[{"content":{"role":"model","parts":[{"text":"thinking...","thought":true},{"text":"Hello, world."}]},"finishReason":"STOP","index":0}],"modelVersion":"gemini-2.5-flash"}"#
      )
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "gemini", keys: polishKeys, http: LiveHTTPClient(), baseURL: server.baseURL)
      #expect(try await provider.complete(request).text == "Hello, world.")
    }
  }

  @Test("Groq: chat completions under /openai/v1 with its key")
  func groqChat() async throws {
    try await FakeProviderServer.with({ request in
      guard request.path == "/openai/v1/chat/completions", request.header("authorization") == "Bearer \(groqKey)"
      else { return .badRequest("path or key") }
      return chatAnswer("Hello, world.")
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "groq", keys: polishKeys, http: LiveHTTPClient(), baseURL: server.url("/openai/v1"))
      #expect(try await provider.complete(request).text == "Hello, world.")
    }
  }

  @Test("a 401 says the provider rejected the key, and never shows the key")
  func rejectedKey() async throws {
    try await FakeProviderServer.with({ _ in
      .json(
        #"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key sk-ant-test-0123456789abcdef"}}"#,
        status: 401)
    }) { server in
      let provider = try LLMProviderCatalog.make(
        id: "anthropic", keys: polishKeys, http: LiveHTTPClient(), baseURL: server.baseURL)
      let error = await #expect(throws: ProviderError.self) { _ = try await provider.complete(request) }
      #expect(error?.message == "Anthropic rejected the API key")
      #expect(error?.kind == .rejectedKey)
    }
  }

  @Test("OpenAI 401 reads 'OpenAI rejected the API key'")
  func openAIRejectedKey() async throws {
    try await FakeProviderServer.with({ _ in
      .json(
        #"{"error":{"message":"Incorrect API key provided: sk-test-***cdef.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#,
        status: 401)
    }) { server in
      let error = await #expect(throws: ProviderError.self) { _ = try await openAI(server).complete(request) }
      #expect(error?.message == "OpenAI rejected the API key")
    }
  }

  @Test("429 then success: retried after Retry-After")
  func rateLimitedThenSuccess() async throws {
    let delays = Recorder<Duration>()
    try await FakeProviderServer.with({ request in
      delays.values.isEmpty
        ? .json(
          #"{"error":{"message":"Rate limit reached for gpt-4.1-mini","type":"requests"}}"#, status: 429,
          headers: ["retry-after": "3"])
        : responsesAnswer("Hello, world.")
    }) { server in
      let response = try await openAI(server, delays: delays).complete(request)
      #expect(response.text == "Hello, world.")
      #expect(delays.values == [.seconds(3)])
    }
  }

  @Test("a missing key and an unknown provider are one-line errors")
  func catalogErrors() {
    #expect(throws: ProviderError.missingKey(provider: "OpenAI", id: "openai", environmentVariable: "OPENAI_API_KEY")) {
      _ = try LLMProviderCatalog.make(id: "openai", keys: InMemorySecretStore(), http: LiveHTTPClient())
    }
    let unknown = #expect(throws: ProviderError.self) {
      _ = try LLMProviderCatalog.make(id: "skynet", keys: polishKeys, http: LiveHTTPClient())
    }
    #expect(unknown?.message.hasPrefix("unknown LLM provider 'skynet' (known: openai, anthropic, gemini") == true)
  }

  @Test("a malformed answer is reported as unreadable")
  func malformed() async throws {
    try await FakeProviderServer.with({ _ in .json(#"{"output": [{"type": "message", "content": 7}]"#) }) { server in
      let error = await #expect(throws: ProviderError.self) { _ = try await openAI(server).complete(request) }
      #expect(error?.kind == .badResponse)
      #expect(error?.message.hasPrefix("OpenAI sent an answer Utter cannot read") == true)
    }
  }
}
