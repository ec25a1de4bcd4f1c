import Foundation
import HTTPTransport
import KeyStore
import LLMPolish
import Storage

/// LLM polish as the settings ask for it, always through LLMPolish's `Polisher` so its safety net decides
/// whether the model's text replaces the deterministic one.
struct PolishService: Sendable {
  private let polisher: Polisher?
  private let style: PolishStyle?

  /// Nil polisher (polish off, or the provider cannot be built: missing key, old iOS) keeps text as it is.
  init(settings: UtterSettings, keys: any SecretStore, vocabulary: [String]) {
    style = PolishStyle(name: settings.polishStyle)
    let polishSettings = PolishSettings(
      agentName: settings.agentName, vocabulary: vocabulary,
      model: settings.polishModel.isEmpty ? nil : settings.polishModel)
    let provider = Self.provider(id: settings.polishProvider, model: settings.polishModel, keys: keys)
    polisher = provider.map { Polisher(provider: $0, settings: polishSettings) }
  }

  /// Whether polish will ask a model.
  var isActive: Bool { polisher != nil }

  /// The polished text, or `text` when polish is off or its safety net kept the deterministic version.
  func polish(_ text: String, keyboardType: String?, contentType: String?) async -> (text: String, note: String?) {
    guard let polisher else { return (text, nil) }
    let context = FieldContext(
      keyboardType: keyboardType.flatMap(KeyboardType.init(rawValue:)) ?? .default, textContentType: contentType)
    let result = await polisher.polish(text, context: context, style: style)
    if result.usedLLM { return (result.text, "polish: \(result.provider ?? "model")") }
    return (text, result.rejectionReason.map { "polish skipped: \($0)" })
  }

  private static func provider(id: String, model: String, keys: any SecretStore) -> (any LLMProvider)? {
    switch id {
    case "none", "":
      return nil
    case "apple-intelligence":
      #if canImport(FoundationModels)
        if #available(iOS 26.0, *) { return AppleIntelligenceProvider() }
      #endif
      return nil
    default:
      return try? LLMProviderCatalog.make(
        id: id, keys: keys, http: URLSessionHTTPClient(), model: model.isEmpty ? nil : model)
    }
  }
}
