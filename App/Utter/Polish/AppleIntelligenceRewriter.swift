// Apple Intelligence's on-device model (iOS 26), used only through LLMPolish's provider interface so the
// polisher's safety net (length, meaning and fallback checks) applies to its output like any other model.
#if canImport(FoundationModels)
  import Foundation
  import FoundationModels
  import HTTPTransport

  /// Runs one instruction + text request on the system language model.
  @available(iOS 26.0, *)
  struct AppleIntelligenceRewriter: Sendable {
    /// Why the model cannot be used right now, or nil when it can.
    static var unavailableReason: String? {
      switch SystemLanguageModel.default.availability {
      case .available:
        return nil
      case .unavailable(.deviceNotEligible):
        return "This iPhone does not support Apple Intelligence"
      case .unavailable(.appleIntelligenceNotEnabled):
        return "Turn on Apple Intelligence in Settings to use it for polish"
      case .unavailable(.modelNotReady):
        return "Apple Intelligence is still downloading its model"
      case .unavailable:
        return "Apple Intelligence is not available right now"
      }
    }

    /// Answers `text` under `instructions`; a fresh session each time, so dictations never leak into each other.
    /// Failures are `ProviderError`s with one line each, which polish shows on the keyboard ("Not polished: …").
    func complete(instructions: String, text: String, temperature: Double = 0.2) async throws -> String {
      if let reason = Self.unavailableReason {
        throw ProviderError(.server, provider: Self.name, message: reason)
      }
      let session = LanguageModelSession(model: .default) {
        instructions
      }
      do {
        let response = try await session.respond(options: GenerationOptions(temperature: temperature)) {
          text
        }
        return response.content
      } catch let error as LanguageModelSession.GenerationError {
        throw Self.providerError(error)
      }
    }

    static let name = "Apple Intelligence"

    /// The model's refusal in one line. NB: `rateLimited` is what iOS answers when an app in the background asks too
    /// often, which is how keyboard dictations are polished.
    static func providerError(_ error: LanguageModelSession.GenerationError) -> ProviderError {
      switch error {
      case .rateLimited, .concurrentRequests:
        ProviderError(.rateLimited, provider: name, message: "Apple Intelligence is busy, try again later")
      case .guardrailViolation, .refusal:
        ProviderError(.refused, provider: name, message: "Apple Intelligence declined to rewrite this text")
      case .assetsUnavailable:
        ProviderError(.server, provider: name, message: "Apple Intelligence is still downloading its model")
      case .unsupportedLanguageOrLocale:
        ProviderError(.badRequest, provider: name, message: "Apple Intelligence does not support this language")
      case .exceededContextWindowSize:
        ProviderError(.tooLarge, provider: name, message: "the dictation is too long for Apple Intelligence")
      default:
        ProviderError(.server, provider: name, message: "Apple Intelligence could not rewrite this text")
      }
    }
  }
#endif
