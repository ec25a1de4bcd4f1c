import Foundation
import HTTPTransport

/// Anthropic's Messages API: `POST {base}/v1/messages` with `x-api-key` and `anthropic-version: 2023-06-01`.
public struct AnthropicProvider: LLMProvider, ProviderClient {
  /// Its API root is without version, e.g. `https://api.anthropic.com`.
  public let connection: ProviderConnection

  public init(_ connection: ProviderConnection) {
    self.connection = connection
  }

  private struct Body: Encodable {
    var model: String
    var max_tokens: Int
    var system: String
    var messages: [ChatMessage]
    var temperature: Double?
  }

  private struct Answer: Decodable {
    var model: String?
    var content: [ContentPart]?
    var stop_reason: String?
  }

  public func complete(_ request: LLMRequest) async throws -> LLMResponse {
    let model = request.model ?? self.model
    let body = Body(
      model: model, max_tokens: request.maxOutputTokens, system: request.system,
      messages: [.init(role: "user", content: request.user)], temperature: request.temperature)
    let http = try HTTPRequest.json(
      body, to: baseURL.joining("v1/messages"),
      headers: connection.headers(["anthropic-version": "2023-06-01"], keyHeader: "x-api-key"),
      timeout: request.timeout)
    let response = try await connection.exchange(http)
    guard let answer = try? response.decode(Answer.self), let content = answer.content else {
      throw ProviderError.badResponse(provider: displayName, "expected a Messages API object")
    }
    if answer.stop_reason == "refusal" {
      throw ProviderError(.refused, provider: displayName, message: "\(displayName) declined to answer")
    }
    let text = content.filter { $0.type == "text" }.compactMap(\.text).joined()
    guard !content.isEmpty else {
      throw ProviderError.badResponse(provider: displayName, "the answer has no text")
    }
    return LLMResponse(text: text, model: answer.model ?? model, provider: id)
  }
}
