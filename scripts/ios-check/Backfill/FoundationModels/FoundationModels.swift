// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// Apple's FoundationModels framework (iOS 26), the part the app uses, as declared on
// developer.apple.com/documentation/foundationmodels.

/// iOS 26.0: /documentation/foundationmodels/systemlanguagemodel
@available(iOS 26.0, *)
public final class SystemLanguageModel: Sendable {
  /// /documentation/foundationmodels/systemlanguagemodel/default
  public static let `default` = SystemLanguageModel()
  private init() {}

  /// /documentation/foundationmodels/systemlanguagemodel/availability-swift.enum
  public enum Availability: Equatable, Sendable {
    case available
    case unavailable(UnavailableReason)

    /// /documentation/foundationmodels/systemlanguagemodel/availability-swift.enum/unavailablereason
    public enum UnavailableReason: Equatable, Sendable {
      case deviceNotEligible
      case appleIntelligenceNotEnabled
      case modelNotReady
    }
  }

  /// /documentation/foundationmodels/systemlanguagemodel/availability-swift.property
  public var availability: Availability { .available }
}

/// iOS 26.0: /documentation/foundationmodels/instructions
@available(iOS 26.0, *)
public struct Instructions {}

/// iOS 26.0: /documentation/foundationmodels/instructionsbuilder
@available(iOS 26.0, *)
@resultBuilder
public struct InstructionsBuilder {
  public static func buildBlock(_ components: String...) -> Instructions { Instructions() }
}

/// iOS 26.0: /documentation/foundationmodels/prompt
@available(iOS 26.0, *)
public struct Prompt {}

/// iOS 26.0: /documentation/foundationmodels/promptbuilder
@available(iOS 26.0, *)
@resultBuilder
public struct PromptBuilder {
  public static func buildBlock(_ components: String...) -> Prompt { Prompt() }
}

/// iOS 26.0: /documentation/foundationmodels/tool (named only as the type of a default argument here)
@available(iOS 26.0, *)
public protocol Tool {}

/// iOS 26.0: /documentation/foundationmodels/generationoptions
@available(iOS 26.0, *)
public struct GenerationOptions: Sendable {
  /// /documentation/foundationmodels/generationoptions/init(sampling:temperature:maximumresponsetokens:)
  public init(sampling: Never? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {}
}

/// iOS 26.0: /documentation/foundationmodels/languagemodelsession
@available(iOS 26.0, *)
public final class LanguageModelSession {
  /// /documentation/foundationmodels/languagemodelsession/response
  public struct Response<Content> {
    public let content: Content
  }

  /// /documentation/foundationmodels/languagemodelsession/init(model:tools:instructions:)
  public convenience init(
    model: SystemLanguageModel = .default, tools: [any Tool] = [],
    @InstructionsBuilder instructions: () throws -> Instructions
  ) rethrows { self.init() }

  private init() {}

  /// /documentation/foundationmodels/languagemodelsession/respond(options:prompt:)
  @discardableResult
  public final func respond(
    options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
  ) async throws -> LanguageModelSession.Response<String> { fatalError() }
}
