// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// Apple's FoundationModels framework (iOS 26), the part the app uses. Each declaration repeats the kind, the cases
// and the signature on the developer.apple.com page named above it (all under
// https://developer.apple.com/documentation/foundationmodels/); members the app does not use are left out.

/// https://developer.apple.com/documentation/foundationmodels/systemlanguagemodel
@available(iOS 26.0, *)
/// `final class SystemLanguageModel`
public final class SystemLanguageModel: Sendable {
  /// https://developer.apple.com/documentation/foundationmodels/systemlanguagemodel/default
  public static let `default` = SystemLanguageModel()
  private init() {}

  /// https://developer.apple.com/documentation/foundationmodels/systemlanguagemodel/availability-swift.enum
  public enum Availability: Equatable, Sendable {
    case available
    case unavailable(UnavailableReason)

    /// https://developer.apple.com/documentation/foundationmodels/systemlanguagemodel/availability-swift.enum/unavailablereason
    public enum UnavailableReason: Equatable, Sendable {
      case deviceNotEligible
      case appleIntelligenceNotEnabled
      case modelNotReady
    }
  }

  /// https://developer.apple.com/documentation/foundationmodels/systemlanguagemodel/availability-swift.property
  /// `final var availability: SystemLanguageModel.Availability { get }`
  public final var availability: SystemLanguageModel.Availability { .available }
}

/// https://developer.apple.com/documentation/foundationmodels/instructions
@available(iOS 26.0, *)
public struct Instructions {}

/// https://developer.apple.com/documentation/foundationmodels/instructionsbuilder
@available(iOS 26.0, *)
@resultBuilder
public struct InstructionsBuilder {
  public static func buildBlock(_ components: String...) -> Instructions { Instructions() }
}

/// https://developer.apple.com/documentation/foundationmodels/prompt
@available(iOS 26.0, *)
public struct Prompt {}

/// https://developer.apple.com/documentation/foundationmodels/promptbuilder
@available(iOS 26.0, *)
@resultBuilder
public struct PromptBuilder {
  public static func buildBlock(_ components: String...) -> Prompt { Prompt() }
}

/// https://developer.apple.com/documentation/foundationmodels/tool (named only as the type of a default argument here)
@available(iOS 26.0, *)
public protocol Tool {}

/// https://developer.apple.com/documentation/foundationmodels/generationoptions
@available(iOS 26.0, *)
/// `struct GenerationOptions`
public struct GenerationOptions: Sendable {
  /// https://developer.apple.com/documentation/foundationmodels/generationoptions/samplingmode
  public struct SamplingMode: Sendable {}
  /// https://developer.apple.com/documentation/foundationmodels/generationoptions/init(samplingmode:temperature:maximumresponsetokens:)
  /// `init(samplingMode: GenerationOptions.SamplingMode? = nil, temperature: Double? = nil,
  /// maximumResponseTokens: Int? = nil)` (back-deployed; the older `init(sampling:…)` has no default for `sampling`).
  public init(
    samplingMode: GenerationOptions.SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil
  ) {}
}

/// https://developer.apple.com/documentation/foundationmodels/languagemodelsession
@available(iOS 26.0, *)
/// `final class LanguageModelSession`
public final class LanguageModelSession {
  /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/response
  /// `struct Response<Content>` (its `Content: Generable` constraint is left out: `String` is the only content used).
  public struct Response<Content> {
    public let content: Content
  }

  /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror
  /// `enum GenerationError`: Error, LocalizedError. Each case carries a `Context`.
  public enum GenerationError: Error {
    /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/context
    public struct Context: Sendable {
      public let debugDescription: String
    }
    /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/refusal
    public struct Refusal: Sendable {}
    case exceededContextWindowSize(LanguageModelSession.GenerationError.Context)
    case assetsUnavailable(LanguageModelSession.GenerationError.Context)
    case guardrailViolation(LanguageModelSession.GenerationError.Context)
    case unsupportedGuide(LanguageModelSession.GenerationError.Context)
    case unsupportedLanguageOrLocale(LanguageModelSession.GenerationError.Context)
    case decodingFailure(LanguageModelSession.GenerationError.Context)
    /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/ratelimited(_:)
    /// "This error will only happen if your app is running in the background and exceeds the system defined rate limit."
    case rateLimited(LanguageModelSession.GenerationError.Context)
    /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/concurrentrequests(_:)
    case concurrentRequests(LanguageModelSession.GenerationError.Context)
    /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror/refusal(_:_:)
    case refusal(LanguageModelSession.GenerationError.Refusal, LanguageModelSession.GenerationError.Context)
  }

  /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/init(model:tools:instructions:)
  public convenience init(
    model: SystemLanguageModel = .default, tools: [any Tool] = [],
    @InstructionsBuilder instructions: () throws -> Instructions
  ) rethrows { self.init() }

  private init() {}

  /// https://developer.apple.com/documentation/foundationmodels/languagemodelsession/respond(options:prompt:)
  @discardableResult
  public final func respond(
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) async throws -> LanguageModelSession.Response<String> { fatalError() }
}
