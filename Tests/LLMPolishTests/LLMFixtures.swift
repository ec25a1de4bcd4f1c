import Foundation
import HTTPTransport
import KeyStore
import LLMPolish
import ProviderTestSupport

let openAIKey = "sk-test-polish-0123456789abcdef"
let anthropicKey = "sk-ant-test-0123456789abcdef"
let geminiKey = "AIzaTest0123456789abcdef"
let groqKey = "gsk_test_0123456789abcdef"

let polishKeys = InMemorySecretStore([
  "openai": openAIKey, "anthropic": anthropicKey, "gemini": geminiKey, "groq": groqKey,
])

/// JSON text for `object`, escaped properly.
func jsonText(_ object: Any) -> String {
  String(
    decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
}

/// A Responses API answer holding `text`, shaped as OpenAI documents it (a reasoning item, then a message).
func responsesAnswer(_ text: String, model: String = "gpt-4.1-mini-2025-04-14") -> FakeReply {
  .json(
    jsonText([
      "id": "resp_1", "object": "response", "status": "completed", "model": model,
      "output": [
        ["type": "reasoning", "id": "rs_1", "summary": []],
        [
          "type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
          "content": [["type": "output_text", "text": text, "annotations": []]],
        ],
      ],
      "usage": ["input_tokens": 10, "output_tokens": 5, "total_tokens": 15],
    ]))
}

/// A Chat Completions answer holding `text`.
func chatAnswer(_ text: String, model: String = "llama-3.3-70b-versatile") -> FakeReply {
  .json(
    jsonText([
      "id": "chatcmpl-1", "object": "chat.completion", "model": model,
      "choices": [["index": 0, "message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
    ]))
}

/// An OpenAI provider pointed at `server`, retries recorded into `delays`.
func openAI(_ server: FakeProviderServer, delays: Recorder<Duration> = Recorder()) throws -> any LLMProvider {
  let policy = RetryPolicy(maxAttempts: 3, clock: delays.clock(), random: { 0.5 })
  return try LLMProviderCatalog.make(
    id: "openai", keys: polishKeys, http: RetryingHTTPClient(LiveHTTPClient(), policy: policy),
    baseURL: server.url("/v1"))
}

/// The text the polisher sent inside the dictation delimiters.
func dictation(in request: RecordedRequest) -> String? {
  guard let input = request.json?["input"] as? String else { return nil }
  return input.replacingOccurrences(of: "<dictation>\n", with: "").replacingOccurrences(of: "\n</dictation>", with: "")
}
