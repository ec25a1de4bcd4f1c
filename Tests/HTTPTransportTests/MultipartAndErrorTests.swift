import Foundation
import HTTPTransport
import ProviderTestSupport
import Testing

@Suite("Multipart bodies and provider errors")
struct MultipartAndErrorTests {
  @Test("a multipart body carries text and file fields that a server can split apart")
  func multipartRoundTrip() throws {
    var form = MultipartFormData(boundary: "b0und4ry")
    form.append("model", "whisper-1")
    let audio = Data([0, 1, 2, 13, 10, 45, 45, 255])
    form.append("file", filename: "audio.wav", contentType: "audio/wav", data: audio)
    let request = RecordedRequest(
      method: "POST", target: "/", headers: ["Content-Type": form.contentType], body: form.body)
    let parts = try #require(request.multipart)
    #expect(parts.map(\.name) == ["model", "file"])
    #expect(parts[0].text == "whisper-1")
    #expect(parts[1].filename == "audio.wav")
    #expect(parts[1].contentType == "audio/wav")
    #expect(parts[1].data == audio)
  }

  @Test("error bodies of each API become one readable line")
  func errorMessages() {
    func message(_ json: String, status: Int) -> String {
      ProviderError.from(HTTPResponse(status: status, body: Data(json.utf8)), provider: "X").message
    }
    #expect(
      message(#"{"error":{"message":"model not found","type":"invalid_request_error"}}"#, status: 404)
        == "X has no such endpoint or model: model not found")
    #expect(
      message(#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#, status: 529)
        == "X had a server error (HTTP 529): Overloaded")
    #expect(
      message(#"{"err_code":"BAD_REQUEST","err_msg":"Bad audio.\nTry WAV."}"#, status: 400)
        == "X rejected the request (HTTP 400): Bad audio. Try WAV.")
    #expect(
      message(#"{"detail":[{"msg":"field required"}]}"#, status: 422)
        == "X rejected the request (HTTP 422): field required")
    #expect(message("<html>Bad gateway</html>", status: 502) == "X had a server error (HTTP 502)")
    #expect(
      message(#"{"error":"rate limited"}"#, status: 429)
        == "X is limiting requests (HTTP 429): rate limited; try again later")
    #expect(
      message(#"{"error":{"message":"Incorrect API key provided: sk-abc123456789"}}"#, status: 401)
        == "X rejected the API key")
  }

  @Test("keys in error details are blanked out")
  func redaction() {
    let key = "gsk_live_0123456789abcdef"
    let body = Data(#"{"error":{"message":"key gsk_live_0123456789abcdef has no access to this model"}}"#.utf8)
    let error = ProviderError.from(HTTPResponse(status: 403, body: body), provider: "Groq", secrets: [key])
    #expect(!error.message.contains(key))
    #expect(!error.message.contains("0123456789"))
    #expect(error.message == "Groq refused access: key [redacted] has no access to this model")
  }
}

@Suite("API base URLs")
struct APIBaseURLTests {
  @Test("a bare host gets /v1 for OpenAI-style APIs; a given path is kept")
  func withVersion() throws {
    let bare = try #require(URL(string: "http://localhost:11434"))
    #expect(APIBaseURL.withVersion(bare).absoluteString == "http://localhost:11434/v1")
    let groq = try #require(URL(string: "https://api.groq.com/openai/v1/"))
    #expect(APIBaseURL.withVersion(groq) == groq)
  }

  @Test("a version the provider adds itself is not doubled")
  func withoutVersion() throws {
    let anthropic = try #require(URL(string: "https://api.anthropic.com/v1/"))
    #expect(APIBaseURL.withoutVersion(anthropic).absoluteString == "https://api.anthropic.com")
    let gemini = try #require(URL(string: "https://generativelanguage.googleapis.com/v1beta"))
    #expect(APIBaseURL.withoutVersion(gemini).absoluteString == "https://generativelanguage.googleapis.com")
    let proxy = try #require(URL(string: "https://proxy.example/anthropic"))
    #expect(APIBaseURL.withoutVersion(proxy) == proxy)
    #expect(proxy.joining("/v1/messages").absoluteString == "https://proxy.example/anthropic/v1/messages")
  }
}
