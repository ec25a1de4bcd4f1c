import Dictation
import HTTPTransport
import KeyStore
import LLMPolish

extension PolishProviders {
  /// LLMPolish's providers with the Keychain's keys, plus Apple Intelligence's on-device model (iOS 26).
  static func app(keys: any SecretStore) -> PolishProviders {
    let catalog = PolishProviders.catalog(keys: keys, http: URLSessionHTTPClient())
    return PolishProviders { id, model, baseURL in
      if id == LLMProviderCatalog.appleIntelligenceID {
        #if canImport(FoundationModels)
          if #available(iOS 26.0, *) { return AppleIntelligenceProvider() }
        #endif
        throw AppleIntelligenceFailure.needsNewerSystem.error
      }
      return try catalog.make(id, model, baseURL)
    }
  }
}
