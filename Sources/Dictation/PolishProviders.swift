import Foundation
import HTTPTransport
import KeyStore
import LLMPolish

/// Builds the LLM provider a dictation is polished with, from its id: the catalog's cloud and local providers
/// with the user's keys, plus whatever the platform adds (Apple Intelligence in the app), and the platform's own
/// translation, tried before the polish provider translates.
public struct PolishProviders: Sendable {
  /// Writes a text from a language (nil: unknown) in another on the device; nil when it cannot (the languages not
  /// installed), and the polish provider translates instead.
  public typealias Translation = @Sendable (_ text: String, _ source: String?, _ target: String) async -> String?

  public var make: @Sendable (_ id: String, _ model: String?, _ baseURL: URL?) throws -> any LLMProvider
  public var translate: Translation?

  public init(
    translate: Translation? = nil,
    make: @escaping @Sendable (_ id: String, _ model: String?, _ baseURL: URL?) throws -> any LLMProvider
  ) {
    self.translate = translate
    self.make = make
  }

  /// LLMPolish's providers, with keys from `keys` and requests through `http`.
  public static func catalog(keys: any SecretStore, http: any HTTPClient) -> PolishProviders {
    PolishProviders { id, model, baseURL in
      try LLMProviderCatalog.make(id: id, keys: keys, http: http, model: model, baseURL: baseURL)
    }
  }
}
