// Apple Intelligence's on-device model (iOS 26), used only through LLMPolish's provider interface so the
// polisher's safety net (length, meaning and fallback checks) applies to its output like any other model.
#if canImport(FoundationModels)
  import Foundation
  import FoundationModels

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
    func complete(instructions: String, text: String, temperature: Double = 0.2) async throws -> String {
      if let reason = Self.unavailableReason { throw RewriterError(description: reason) }
      let session = LanguageModelSession(model: .default) {
        instructions
      }
      let response = try await session.respond(options: GenerationOptions(temperature: temperature)) {
        text
      }
      return response.content
    }
  }

  /// One-line error for the user.
  struct RewriterError: Error, CustomStringConvertible {
    let description: String
  }
#endif
