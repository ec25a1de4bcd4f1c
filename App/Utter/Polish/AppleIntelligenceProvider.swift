// Apple Intelligence's on-device model (iOS 26), used only through LLMPolish's provider interface so the
// polisher's safety net (length, meaning and fallback checks) applies to its output like any other model.
#if canImport(FoundationModels)
  import Foundation
  import FoundationModels
  import LLMPolish

  /// Apple Intelligence as an `LLMProvider`: one instruction + text request on the system language model, in a fresh
  /// session each time, so dictations never leak into each other.
  @available(iOS 26.0, *)
  struct AppleIntelligenceProvider: LLMProvider {
    let id = LLMProviderCatalog.appleIntelligenceID
    let displayName = "Apple Intelligence (on device)"
    let model = "system"

    /// Whether the on-device model can answer now (device, setting, model download).
    static var isAvailable: Bool { unavailable == nil }

    /// Why iOS says the model cannot answer now, or nil when it can.
    static var unavailable: AppleIntelligenceFailure? {
      switch SystemLanguageModel.default.availability {  // glue: Foundation Models' reasons, as polish's failures
      case .available: nil
      case .unavailable(.deviceNotEligible): .deviceNotEligible
      case .unavailable(.appleIntelligenceNotEnabled): .notEnabled
      case .unavailable(.modelNotReady): .modelNotReady
      case .unavailable: .unavailable
      }
    }

    func complete(_ request: LLMRequest) async throws -> LLMResponse {
      if let failure = Self.unavailable { throw failure.error }
      let session = LanguageModelSession(model: .default, instructions: request.system)
      do {
        let options = GenerationOptions(temperature: request.temperature ?? 0.2)
        let response = try await session.respond(to: request.user, options: options)
        return LLMResponse(text: response.content, model: model, provider: id)
      } catch let error as LanguageModelSession.GenerationError {
        throw Self.failure(error).error
      }
    }

    /// iOS's refusal as one of polish's failures.
    static func failure(_ error: LanguageModelSession.GenerationError) -> AppleIntelligenceFailure {
      switch error {  // glue: Foundation Models' errors, as polish's failures
      case .rateLimited: .limitedInBackground
      case .concurrentRequests: .busy
      case .guardrailViolation, .refusal: .declined
      case .assetsUnavailable: .modelNotReady
      case .unsupportedLanguageOrLocale: .unsupportedLanguage
      case .exceededContextWindowSize: .tooLong
      default: .failed
      }
    }
  }
#endif
