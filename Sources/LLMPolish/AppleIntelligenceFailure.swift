import HTTPTransport

/// Why Apple Intelligence's on-device model (iOS 26 Foundation Models) did not polish a dictation, from what iOS
/// reports (`SystemLanguageModel.Availability`, `LanguageModelSession.GenerationError`), and the one line polish shows
/// for it ("Not polished: …"). The app maps iOS's values onto these cases; what the user reads is decided here.
public enum AppleIntelligenceFailure: Sendable, Hashable, CaseIterable {
  /// The system predates Foundation Models (before iOS 26).
  case needsNewerSystem
  /// `.unavailable(.deviceNotEligible)`.
  case deviceNotEligible
  /// `.unavailable(.appleIntelligenceNotEnabled)`.
  case notEnabled
  /// `.unavailable(.modelNotReady)` or `GenerationError.assetsUnavailable`: the model is still downloading.
  case modelNotReady
  /// Another reason iOS gives for the model being unavailable.
  case unavailable
  /// `GenerationError.rateLimited`: "This error will only happen if your app is running in the background and
  /// exceeds the system defined rate limit"
  /// (https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/ratelimited(_:)),
  /// which applies on battery (Apple DTS, https://developer.apple.com/forums/thread/793787). A keyboard dictation is
  /// polished with Utter in the background, so this is how it is refused.
  case limitedInBackground
  /// `GenerationError.concurrentRequests`.
  case busy
  /// `GenerationError.guardrailViolation` or `.refusal`.
  case declined
  /// `GenerationError.unsupportedLanguageOrLocale`.
  case unsupportedLanguage
  /// `GenerationError.exceededContextWindowSize`.
  case tooLong
  /// Any other generation error.
  case failed

  /// The provider's display name.
  public static let provider = "Apple Intelligence"

  /// What choosing it means for keyboard dictations, said where it is chosen (`limitedInBackground`).
  public static let backgroundNote =
    "On this iPhone; nothing leaves it. Keyboard dictations are polished with Utter in the background, where iOS "
    + "limits how often Apple Intelligence answers on battery: some go in with clean-up only, and the keyboard says so."

  /// The failure as a provider error, whose message polish shows and whose kind says whether to retry later.
  public var error: ProviderError {
    let (kind, message): (ProviderError.Kind, String) =
      switch self {
      case .needsNewerSystem: (.server, "Apple Intelligence needs iOS 26")
      case .deviceNotEligible: (.server, "This iPhone does not support Apple Intelligence")
      case .notEnabled: (.server, "Turn on Apple Intelligence in Settings to use it for polish")
      case .modelNotReady: (.server, "Apple Intelligence is still downloading its model")
      case .unavailable: (.server, "Apple Intelligence is not available right now")
      case .limitedInBackground: (.rateLimited, "iOS limits Apple Intelligence while Utter is in the background")
      case .busy: (.rateLimited, "Apple Intelligence is busy, try again later")
      case .declined: (.refused, "Apple Intelligence declined to rewrite this text")
      case .unsupportedLanguage: (.badRequest, "Apple Intelligence does not support this language")
      case .tooLong: (.tooLarge, "the dictation is too long for Apple Intelligence")
      case .failed: (.server, "Apple Intelligence could not rewrite this text")
      }
    return ProviderError(kind, provider: Self.provider, message: message)
  }
}
