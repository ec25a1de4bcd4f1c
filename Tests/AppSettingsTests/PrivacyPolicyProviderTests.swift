import AppSettings
import CloudSpeech
import DictationValues
import Foundation
import HTTPTransport
import KeyStore
import LLMPolish
import SpeechEngine
import Testing

/// What a cloud engine and a polish provider receive, as the policy says: the request each one gets, caught before it
/// would leave the machine.
@Suite("The privacy policy's provider sentences hold for the requests Utter makes")
struct PrivacyPolicyProviderTests {
  @Test("a cloud engine gets the speech as 16 kHz audio, the language and dictionary terms, with its own key only")
  func cloudEngineRequest() async throws {
    let http = CaughtRequests()
    var registry = SpeechEngineRegistry()
    CloudSpeechEngines.register(
      into: &registry, keys: InMemorySecretStore(["openai": "sk-privacy-test"]), http: http)
    let engine = try await registry.makeEngine(id: "openai")
    let speech: [Float] = (0..<16_000).map { Float(sin(Double($0) / 8)) * 0.2 }
    _ = try? await engine.transcribe(speech, options: TranscriptionOptions(language: "fr", vocabulary: ["Siobhan"]))

    let request = try #require(http.requests.first)
    #expect(request.url.scheme == "https" && request.url.host == "api.openai.com")
    #expect(request.header("Authorization") == "Bearer sk-privacy-test")
    let body = String(decoding: request.body, as: UTF8.self)
    #expect(body.contains("RIFF") && body.contains("WAVE"), "the audio as a WAV file")
    let rate = Self.wavSampleRate(in: request.body)
    #expect(rate == 16_000)
    #expect(body.contains("name=\"language\"\r\n\r\nfr\r\n") && body.contains("Siobhan"))
    #expect(PrivacyPolicy.markdown.contains("(the stretches with voice, as 16 kHz audio), its language when set"))
  }

  @Test(
    "a polish provider gets the cleaned-up text, the style, the field's kind and the terms, never the text around it")
  func polishRequest() async throws {
    let http = CaughtRequests()
    let provider = try LLMProviderCatalog.make(
      id: "anthropic", keys: InMemorySecretStore(["anthropic": "sk-ant-privacy"]), http: http)
    let polisher = Polisher(provider: provider, settings: PolishSettings(vocabulary: ["Siobhan"]))
    let field = FieldContext(textBeforeCursor: "Private: Quokkaprefix ", keyboardType: "emailAddress")
    _ = await polisher.polish("so we meet siobhan on tuesday at noon", context: field, style: .formal)

    let request = try #require(http.requests.first)
    #expect(request.url.host == "api.anthropic.com" && request.header("x-api-key") == "sk-ant-privacy")
    let body = String(decoding: request.body, as: UTF8.self)
    #expect(body.contains("so we meet siobhan on tuesday at noon"), "the dictation's text")
    #expect(body.contains("Siobhan") && body.contains("formal"), "the terms and the style")
    #expect(!body.contains("Quokkaprefix"), "the text before the cursor stays on the iPhone")
    #expect(PrivacyPolicy.markdown.contains("goes to it with the style, the kind of field and your dictionary's terms"))
  }

  /// The sample rate in a WAV file's `fmt ` chunk, found in a multipart body.
  static func wavSampleRate(in body: Data) -> UInt32? {
    guard let riff = body.range(of: Data("fmt ".utf8)) else { return nil }
    let start = riff.upperBound + 8
    guard body.count >= start + 4 else { return nil }
    return body[start..<start + 4].enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
  }
}

/// An HTTP client that keeps each request and answers 400, so no provider is reached and none retries.
final class CaughtRequests: HTTPClient, @unchecked Sendable {
  private let lock = NSLock()
  private var caught: [HTTPRequest] = []

  var requests: [HTTPRequest] { lock.withLock { caught } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    lock.withLock { caught.append(request) }
    return HTTPResponse(status: 400, body: Data(#"{"error":{"message":"refused by the test"}}"#.utf8))
  }
}
