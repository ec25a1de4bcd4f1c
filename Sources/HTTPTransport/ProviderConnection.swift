import Foundation

/// How a client reaches one provider's API: who the provider is, where its API lives, the key, the HTTP client
/// and the model to use when a request names none.
public struct ProviderConnection: Sendable {
  /// Stable id, e.g. `openai`.
  public let id: String
  /// Name shown to people, e.g. `OpenAI`.
  public let displayName: String
  /// The model used when a request names none.
  public let model: String
  /// The API root, with or without its version as the provider's code expects.
  public let baseURL: URL
  /// The key; nil for servers that need none (an empty key is none).
  package let apiKey: String?
  package let http: any HTTPClient

  public init(id: String, displayName: String, baseURL: URL, apiKey: String?, model: String, http: any HTTPClient) {
    self.id = id
    self.displayName = displayName
    self.baseURL = baseURL
    self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    self.model = model
    self.http = http
  }

  /// `Accept: application/json`, the `fields`, and the key in header `keyHeader` after `keyPrefix` (no key
  /// header when there is no key).
  package func headers(_ fields: [String: String] = [:], keyHeader: String, keyPrefix: String = "") -> [String: String]
  {
    var headers = fields.merging(["Accept": "application/json"]) { given, _ in given }
    if let apiKey { headers[keyHeader] = keyPrefix + apiKey }
    return headers
  }

  /// Sends `request` and returns a 2xx response; anything else becomes a `ProviderError` naming the provider,
  /// with the key kept out of its message.
  package func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await http.exchange(request, provider: displayName, secrets: apiKey.map { [$0] } ?? [])
  }
}

/// A client of one provider's API, described by its connection.
public protocol ProviderClient {
  /// Where and how the client reaches the provider.
  var connection: ProviderConnection { get }
}

extension ProviderClient {
  /// Stable id, e.g. `openai`.
  public var id: String { connection.id }
  /// Name shown to people, e.g. `OpenAI`.
  public var displayName: String { connection.displayName }
  /// The model used when a request names none.
  public var model: String { connection.model }
  /// The API root.
  public var baseURL: URL { connection.baseURL }
}
