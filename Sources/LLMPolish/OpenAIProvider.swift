import Foundation
import HTTPTransport

/// OpenAI and every server that speaks its API (Groq, Mistral, Ollama, LM Studio, vLLM…).
///
/// With `.responsesThenChat` it calls `POST {base}/responses` and, when the server has no such endpoint (404,
/// 405, 501, or LM Studio's 200 with an "Unexpected endpoint" error), switches to
/// `POST {base}/chat/completions` for this and every later request.
public final class OpenAIProvider: LLMProvider, ProviderClient, @unchecked Sendable {
  /// Which endpoint to call.
  public enum Endpoint: Sendable, Hashable {
    case responses
    case chatCompletions
    case responsesThenChat
  }

  /// Its API root includes the version, e.g. `https://api.openai.com/v1`.
  public let connection: ProviderConnection
  private let lock = NSLock()
  private var endpoint: Endpoint

  public init(_ connection: ProviderConnection, endpoint: Endpoint = .responses) {
    self.connection = connection
    self.endpoint = endpoint
  }

  /// The endpoint the next request goes to.
  public var currentEndpoint: Endpoint { lock.withLock { endpoint } }

  public func complete(_ request: LLMRequest) async throws -> LLMResponse {
    switch currentEndpoint {
    case .chatCompletions:
      return try await chat(request)
    case .responses:
      guard let response = try await responses(request, mayFallBack: false) else {
        throw ProviderError.badResponse(provider: displayName, "no text in the answer")
      }
      return response
    case .responsesThenChat:
      if let response = try await responses(request, mayFallBack: true) { return response }
      lock.withLock { endpoint = .chatCompletions }
      return try await chat(request)
    }
  }

  private var headers: [String: String] { connection.headers(keyHeader: "Authorization", keyPrefix: "Bearer ") }

  /// Calls the Responses API; nil means the server lacks it and `mayFallBack` allows trying chat.
  private func responses(_ request: LLMRequest, mayFallBack: Bool) async throws -> LLMResponse? {
    let model = request.model ?? self.model
    let body = OpenAIWire.ResponsesRequest(
      model: model, instructions: request.system, input: request.user, max_output_tokens: request.maxOutputTokens,
      temperature: isReasoningModel(model) ? nil : request.temperature, store: false)
    let http = try HTTPRequest.json(
      body, to: baseURL.joining("responses"), headers: headers, timeout: request.timeout)
    let response: HTTPResponse
    do {
      response = try await connection.exchange(http)
    } catch let error as ProviderError where mayFallBack && Self.meansNoEndpoint(error) {
      return nil
    }
    guard let answer = try? response.decode(OpenAIWire.ResponsesAnswer.self), answer.output != nil else {
      if mayFallBack, APIErrorBody.message(from: response.body) != nil { return nil }
      throw ProviderError.badResponse(provider: displayName, "expected a Responses API object")
    }
    guard let text = answer.text else {
      throw ProviderError.badResponse(provider: displayName, "no output_text in the answer")
    }
    return LLMResponse(text: text, model: answer.model ?? model, provider: id)
  }

  private func chat(_ request: LLMRequest) async throws -> LLMResponse {
    let model = request.model ?? self.model
    let body = OpenAIWire.ChatRequest(
      model: model,
      messages: [.init(role: "system", content: request.system), .init(role: "user", content: request.user)],
      max_tokens: request.maxOutputTokens, temperature: isReasoningModel(model) ? nil : request.temperature,
      stream: false)
    let http = try HTTPRequest.json(
      body, to: baseURL.joining("chat/completions"), headers: headers, timeout: request.timeout)
    let response = try await connection.exchange(http)
    guard let answer = try? response.decode(OpenAIWire.ChatAnswer.self), answer.choices != nil else {
      throw ProviderError.badResponse(provider: displayName, "expected a chat completion object")
    }
    guard let text = answer.text else {
      throw ProviderError.badResponse(provider: displayName, "the chat completion has no message content")
    }
    return LLMResponse(text: text, model: answer.model ?? model, provider: id)
  }

  private static func meansNoEndpoint(_ error: ProviderError) -> Bool {
    guard let status = error.status else { return false }
    return status == 404 || status == 405 || status == 501
  }
}
