import Dictation
import Foundation
import HTTPTransport
import KeyStore
import LLMPolish

#if canImport(FoundationModels)
  import Translation
#endif

extension PolishProviders {
  /// LLMPolish's providers with the Keychain's keys, plus Apple Intelligence's on-device model (iOS 26), and Apple's
  /// on-device translation for the languages the user installed.
  static func app(keys: any SecretStore) -> PolishProviders {
    let catalog = PolishProviders.catalog(keys: keys, http: URLSessionHTTPClient())
    return PolishProviders(translate: AppleTranslation.translate) { id, model, baseURL in
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

/// Apple's translation on the iPhone, through iOS 26's `TranslationSession(installedSource:target:)`, the one form
/// that needs no view: a keyboard dictation is written with Utter in the background, where iOS 18's
/// `translationTask` modifier cannot run
/// (https://developer.apple.com/documentation/translation/translationsession/init(installedsource:target:)). It
/// translates only between languages already on the iPhone; otherwise nil, and the polish provider translates.
enum AppleTranslation {
  static func translate(_ text: String, source: String?, target: String) async -> String? {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *), let source {
        let (from, to) = (Locale.Language(identifier: source), Locale.Language(identifier: target))
        // glue: installedSource takes only languages the user has downloaded; any other throws.
        guard await LanguageAvailability().status(from: from, to: to) == .installed else { return nil }
        return try? await TranslationSession(installedSource: from, target: to).translate(text).targetText
      }
    #endif
    return nil
  }
}
