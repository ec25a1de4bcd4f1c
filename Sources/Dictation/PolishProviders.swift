import Foundation
import HTTPTransport
import KeyStore
import LLMPolish

/// Builds the LLM provider a dictation is polished with, from its id: the catalog's cloud and local providers
/// with the user's keys, plus whatever the platform adds (Apple Intelligence in the app).
public struct PolishProviders: Sendable {
  public var make: @Sendable (_ id: String, _ model: String?, _ baseURL: URL?) throws -> any LLMProvider

  public init(make: @escaping @Sendable (_ id: String, _ model: String?, _ baseURL: URL?) throws -> any LLMProvider) {
    self.make = make
  }

  /// LLMPolish's providers, with keys from `keys` and requests through `http`.
  public static func catalog(keys: any SecretStore, http: any HTTPClient) -> PolishProviders {
    PolishProviders { id, model, baseURL in
      try LLMProviderCatalog.make(id: id, keys: keys, http: http, model: model, baseURL: baseURL)
    }
  }
}
