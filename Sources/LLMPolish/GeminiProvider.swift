import Foundation
import HTTPTransport

/// Google's Gemini API: `POST {base}/v1beta/models/{model}:generateContent` with `x-goog-api-key`.
public struct GeminiProvider: LLMProvider, ProviderClient {
  /// Its API root is without version, e.g. `https://generativelanguage.googleapis.com`.
  public let connection: ProviderConnection

  public init(_ connection: ProviderConnection) {
    self.connection = connection
  }

  private struct Part: Codable {
    var text: String?
    var thought: Bool?
  }
  private struct Content: Codable {
    var role: String?
    var parts: [Part]?
  }
  private struct ThinkingConfig: Encodable {
    var thinkingBudget: Int
  }
  private struct GenerationConfig: Encodable {
    var temperature: Double?
    var maxOutputTokens: Int
    var thinkingConfig: ThinkingConfig?
  }
  private struct Body: Encodable {
    var systemInstruction: Content
    var contents: [Content]
    var generationConfig: GenerationConfig
  }
  private struct Answer: Decodable {
    struct Candidate: Decodable {
      var content: Content?
      var finishReason: String?
    }
    struct Feedback: Decodable {
      var blockReason: String?
    }
    var candidates: [Candidate]?
    var promptFeedback: Feedback?
    var modelVersion: String?
  }

  public func complete(_ request: LLMRequest) async throws -> LLMResponse {
    let model = request.model ?? self.model
    // NB: 2.5 Flash models think by default, which costs latency and output tokens; polish needs none.
    let thinking = model.contains("2.5-flash") ? ThinkingConfig(thinkingBudget: 0) : nil
    let body = Body(
      systemInstruction: Content(role: nil, parts: [Part(text: request.system)]),
      contents: [Content(role: "user", parts: [Part(text: request.user)])],
      generationConfig: GenerationConfig(
        temperature: request.temperature, maxOutputTokens: request.maxOutputTokens, thinkingConfig: thinking))
    let name = model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":"])) ?? model
    let http = try HTTPRequest.json(
      body, to: baseURL.joining("v1beta/models/\(name):generateContent"),
      headers: connection.headers(keyHeader: "x-goog-api-key"), timeout: request.timeout)
    let response = try await connection.exchange(http)
    guard let answer = try? response.decode(Answer.self) else {
      throw ProviderError.badResponse(provider: displayName, "expected a generateContent object")
    }
    if let reason = answer.promptFeedback?.blockReason {
      throw ProviderError(.refused, provider: displayName, message: "\(displayName) blocked the request (\(reason))")
    }
    guard let candidate = answer.candidates?.first else {
      throw ProviderError.badResponse(provider: displayName, "the answer has no candidates")
    }
    let parts = candidate.content?.parts ?? []
    let text = parts.filter { $0.thought != true }.compactMap(\.text).joined()
    if text.isEmpty, let reason = candidate.finishReason, reason != "STOP" {
      throw ProviderError(.refused, provider: displayName, message: "\(displayName) stopped without text (\(reason))")
    }
    return LLMResponse(text: text, model: answer.modelVersion ?? model, provider: id)
  }
}
