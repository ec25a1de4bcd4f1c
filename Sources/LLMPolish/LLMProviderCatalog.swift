import Foundation
import HTTPTransport
import KeyStore

/// A provider Utter knows how to reach, with its defaults.
public struct LLMProviderPreset: Sendable, Hashable {
  /// The API family a preset speaks.
  public enum API: Sendable, Hashable {
    case openAI(OpenAIProvider.Endpoint)
    case anthropic
    case gemini
  }

  public var id: String
  public var displayName: String
  public var api: API
  /// nil when the user must give one (`openai-compatible`).
  public var baseURL: URL?
  public var defaultModel: String
  /// Whether a request without a key is pointless (cloud) or fine (local servers).
  public var requiresKey: Bool
  /// Where its key is kept (`SecretStore`): the id, except for the user's own server, whose key is its own
  /// (`openai-compatible-polish`), so that the speech server's token never goes to the polish server, nor the other
  /// way round.
  public var keyID: String

  /// Whether the saved `polish-base-url` setting points this provider elsewhere: only for servers of the user's own
  /// (their own server, Ollama, LM Studio), never for a cloud provider, whose key was saved for its own host and must
  /// never be sent to another (an own server's address left in settings once sent the OpenAI key there).
  public var takesSavedAddress: Bool { !requiresKey }

  /// Whether the preset's address is the device it runs on (`localhost`).
  public var runsOnThisDevice: Bool {
    guard let host = baseURL?.host?.lowercased() else { return false }
    return host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
  }
}

/// The LLM providers offered for polish and command mode, and how to build one.
public enum LLMProviderCatalog {
  /// The id of Apple Intelligence's on-device model, which only the app (iOS 26) adds to the presets.
  public static let appleIntelligenceID = "apple-intelligence"

  /// Every preset, cloud first.
  public static let presets: [LLMProviderPreset] = [
    preset("openai", "OpenAI", .openAI(.responses), "https://api.openai.com/v1", "gpt-4.1-mini", key: true),
    preset("anthropic", "Anthropic", .anthropic, "https://api.anthropic.com", "claude-haiku-4-5", key: true),
    preset("gemini", "Gemini", .gemini, "https://generativelanguage.googleapis.com", "gemini-2.5-flash", key: true),
    preset(
      "groq", "Groq", .openAI(.chatCompletions), "https://api.groq.com/openai/v1", "llama-3.3-70b-versatile", key: true),
    preset(
      "mistral", "Mistral", .openAI(.chatCompletions), "https://api.mistral.ai/v1", "mistral-small-latest", key: true),
    preset("ollama", "Ollama", .openAI(.chatCompletions), "http://localhost:11434/v1", "llama3.2", key: false),
    preset("lmstudio", "LM Studio", .openAI(.chatCompletions), "http://localhost:1234/v1", "local-model", key: false),
    preset(
      "openai-compatible", "OpenAI-compatible server", .openAI(.responsesThenChat), nil, "default", key: false,
      keyID: "openai-compatible-polish"),
  ]

  /// The presets a phone can reach: not those whose address is the device itself (Ollama and LM Studio at
  /// `localhost` are this Mac or Linux box, not the phone); on a phone they are the user's own server at a LAN
  /// address (`openai-compatible`).
  public static var reachableFromPhone: [LLMProviderPreset] {
    presets.filter { !$0.runsOnThisDevice }
  }

  /// The preset with `id`.
  public static func preset(id: String) -> LLMProviderPreset? {
    presets.first { $0.id == id.lowercased() }
  }

  /// Builds provider `id` with its key from `keys`; `model` and `baseURL` override the preset's.
  ///
  /// Throws a one-line `ProviderError` for an unknown id, a missing key, or `openai-compatible` without a
  /// base URL.
  public static func make(
    id: String, keys: any SecretStore, http: any HTTPClient, model: String? = nil, baseURL: URL? = nil
  ) throws -> any LLMProvider {
    guard let preset = preset(id: id) else {
      let known = presets.map(\.id).joined(separator: ", ")
      throw ProviderError(.badRequest, provider: id, message: "unknown LLM provider '\(id)' (known: \(known))")
    }
    guard let base = baseURL ?? preset.baseURL else {
      throw ProviderError(
        .badRequest, provider: preset.displayName,
        message: "\(preset.id) needs a base URL, e.g. --base-url http://localhost:8080/v1")
    }
    let key: String?
    do {
      key = try keys.get(preset.keyID)
    } catch {
      throw ProviderError(.missingKey, provider: preset.displayName, message: "cannot read keys: \(error)")
    }
    if preset.requiresKey && key == nil {
      throw ProviderError.missingKey(
        provider: preset.displayName, id: preset.keyID,
        environmentVariable: EnvironmentKeys.variable(for: preset.keyID))
    }
    func connection(_ baseURL: URL) -> ProviderConnection {
      ProviderConnection(
        id: preset.id, displayName: preset.displayName, baseURL: baseURL, apiKey: key,
        model: model ?? preset.defaultModel, http: http)
    }
    switch preset.api {
    case .openAI(let endpoint): return OpenAIProvider(connection(APIBaseURL.withVersion(base)), endpoint: endpoint)
    case .anthropic: return AnthropicProvider(connection(base))
    case .gemini: return GeminiProvider(connection(base))
    }
  }

  /// The first cloud preset with a key in `keys`, for commands run without `--provider`.
  public static func firstConfigured(in keys: any SecretStore) -> LLMProviderPreset? {
    presets.first { $0.requiresKey && ((try? keys.get($0.keyID)) ?? nil) != nil }
  }

  private static func preset(
    _ id: String, _ name: String, _ api: LLMProviderPreset.API, _ base: String?, _ model: String, key: Bool,
    keyID: String? = nil
  ) -> LLMProviderPreset {
    LLMProviderPreset(
      id: id, displayName: name, api: api, baseURL: base.flatMap(URL.init(string:)), defaultModel: model,
      requiresKey: key, keyID: keyID ?? id)
  }
}
