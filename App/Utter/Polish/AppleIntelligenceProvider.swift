#if canImport(FoundationModels)
  import Foundation
  import LLMPolish

  /// Apple Intelligence as an `LLMProvider`, so LLMPolish's polisher and safety net treat it like any model.
  @available(iOS 26.0, *)
  struct AppleIntelligenceProvider: LLMProvider {
    let id = "apple-intelligence"
    let displayName = "Apple Intelligence (on device)"
    let model = "system"
    private let rewriter = AppleIntelligenceRewriter()

    /// Whether the on-device model can answer now (device, setting, model download).
    static var isAvailable: Bool { AppleIntelligenceRewriter.unavailableReason == nil }

    func complete(_ request: LLMRequest) async throws -> LLMResponse {
      let text = try await rewriter.complete(
        instructions: request.system, text: request.user, temperature: request.temperature ?? 0.2)
      return LLMResponse(text: text, model: model, provider: id)
    }
  }
#endif
