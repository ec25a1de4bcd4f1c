import Foundation

/// One request to a language model: instructions, the user's text, and limits.
public struct LLMRequest: Sendable, Hashable {
  /// The system instructions.
  public var system: String
  /// The user message.
  public var user: String
  /// The model to use; nil means the provider's configured model.
  public var model: String?
  /// The most tokens the answer may have.
  public var maxOutputTokens = 1024
  /// Sampling temperature; nil leaves the provider's default (reasoning models reject any other).
  public var temperature: Double? = 0.2
  /// The longest one HTTP exchange may take, in seconds.
  public var timeout: TimeInterval = 10
}

/// A language model's answer.
public struct LLMResponse: Sendable, Hashable {
  /// The answer's text.
  public var text: String
  /// The model that answered.
  public var model: String
  /// The id of the provider that answered, e.g. `openai`.
  public var provider: String

  public init(text: String, model: String, provider: String) {
    self.text = text
    self.model = model
    self.provider = provider
  }
}

/// A language model behind an API. Errors are `ProviderError`s, one line each, never holding a key.
public protocol LLMProvider: Sendable {
  /// Stable id, e.g. `openai`, `anthropic`, `ollama`.
  var id: String { get }
  /// Name shown to people, e.g. `OpenAI`.
  var displayName: String { get }
  /// The model used when a request names none.
  var model: String { get }
  /// Sends `request` and returns the model's text.
  func complete(_ request: LLMRequest) async throws -> LLMResponse
}

/// Whether `model` is a reasoning model that accepts only the default temperature.
func isReasoningModel(_ model: String) -> Bool {
  let name = model.lowercased().split(separator: "/").last.map(String.init) ?? model.lowercased()
  return name.hasPrefix("o1") || name.hasPrefix("o3") || name.hasPrefix("o4") || name.hasPrefix("gpt-5")
}
