// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// Speech's SpeechAnalyzer API (iOS 26), the part the app uses. Each declaration repeats the kind (actor, class,
// struct, enum, protocol), the cases and the signature shown on the developer.apple.com page in the comment above it
// (all under https://developer.apple.com/documentation/speech/); members the app does not use are left out.
import AVFoundation
import CoreMedia
import Foundation

/// https://developer.apple.com/documentation/speech/speechmodule
/// `protocol SpeechModule : AnyObject, Sendable` (its `Result`/`Results` associated types are left out).
@available(iOS 26.0, *)
public protocol SpeechModule: AnyObject, Sendable {}

/// https://developer.apple.com/documentation/speech/speechtranscriber
/// `final class SpeechTranscriber`
@available(iOS 26.0, *)
public final class SpeechTranscriber: SpeechModule, @unchecked Sendable {
  /// https://developer.apple.com/documentation/speech/speechtranscriber/transcriptionoption
  /// `enum TranscriptionOption`: Sendable, Hashable, Equatable, CaseIterable.
  public enum TranscriptionOption: Hashable, Sendable, CaseIterable { case etiquetteReplacements }

  /// https://developer.apple.com/documentation/speech/speechtranscriber/reportingoption
  /// `enum ReportingOption`: Sendable, Hashable, Equatable. NB: `frequentFinalization` is `DictationTranscriber`'s
  /// (https://developer.apple.com/documentation/speech/dictationtranscriber/reportingoption), not this one's.
  public enum ReportingOption: Hashable, Sendable {
    case alternativeTranscriptions
    case fastResults
    case volatileResults
  }

  /// https://developer.apple.com/documentation/speech/speechtranscriber/resultattributeoption
  /// `enum ResultAttributeOption`: CaseIterable, Hashable, Sendable, Equatable.
  public enum ResultAttributeOption: Hashable, Sendable, CaseIterable {
    case audioTimeRange
    case transcriptionConfidence
  }

  /// https://developer.apple.com/documentation/speech/speechtranscriber/result
  /// `struct Result`; `range` and `isFinal` come from `SpeechModuleResult`
  /// (https://developer.apple.com/documentation/speech/speechmoduleresult).
  public struct Result: Sendable {
    /// https://developer.apple.com/documentation/speech/speechtranscriber/result/text
    public var text: AttributedString { fatalError() }
    /// https://developer.apple.com/documentation/speech/speechmoduleresult/range
    public var range: CMTimeRange { fatalError() }
    /// https://developer.apple.com/documentation/speech/speechmoduleresult/isfinal
    public var isFinal: Bool { fatalError() }
  }

  /// https://developer.apple.com/documentation/speech/speechtranscriber/init(locale:transcriptionoptions:reportingoptions:attributeoptions:)
  public convenience init(
    locale: Locale, transcriptionOptions: Set<SpeechTranscriber.TranscriptionOption>,
    reportingOptions: Set<SpeechTranscriber.ReportingOption>,
    attributeOptions: Set<SpeechTranscriber.ResultAttributeOption>
  ) { self.init() }
  private init() {}

  /// https://developer.apple.com/documentation/speech/speechtranscriber/isavailable
  /// `static var isAvailable: Bool { get }`: whether the device's hardware can run the transcriber.
  public static var isAvailable: Bool { fatalError() }
  /// https://developer.apple.com/documentation/speech/speechtranscriber/supportedlocales
  /// `static var supportedLocales: [Locale] { get async }` (downloadable included; empty when unsupported).
  public static var supportedLocales: [Locale] { get async { fatalError() } }
  /// https://developer.apple.com/documentation/speech/speechtranscriber/installedlocales
  /// `static var installedLocales: [Locale] { get async }`
  public static var installedLocales: [Locale] { get async { fatalError() } }
  /// https://developer.apple.com/documentation/speech/speechtranscriber/supportedlocale(equivalentto:)
  public static func supportedLocale(equivalentTo locale: Locale) async -> Locale? { fatalError() }
  /// https://developer.apple.com/documentation/speech/speechtranscriber/results
  /// `final var results: some Sendable & AsyncSequence<SpeechTranscriber.Result, any Error> { get }`. NB: the shared
  /// SDK (iOS 16.4) has no primary associated types on `AsyncSequence`, so a concrete throwing sequence of the same
  /// element stands in for the opaque type.
  public final var results: AsyncThrowingStream<SpeechTranscriber.Result, any Error> { fatalError() }
}

/// https://developer.apple.com/documentation/speech/assetinstallationrequest
/// `@objc final class AssetInstallationRequest` (Equatable, NSObjectProtocol: an NSObject).
@available(iOS 26.0, *)
public final class AssetInstallationRequest: NSObject, @unchecked Sendable {
  /// https://developer.apple.com/documentation/speech/assetinstallationrequest/progress
  /// `final var progress: Progress { get }`
  public final var progress: Progress { fatalError() }
  /// https://developer.apple.com/documentation/speech/assetinstallationrequest/downloadandinstall()
  public final func downloadAndInstall() async throws {}
}

/// https://developer.apple.com/documentation/speech/assetinventory
/// `final class AssetInventory`
@available(iOS 26.0, *)
public final class AssetInventory {
  /// https://developer.apple.com/documentation/speech/assetinventory/status
  /// `enum Status`: Equatable, Hashable, Comparable.
  public enum Status: Comparable, Hashable, Sendable {
    case unsupported
    case supported
    case downloading
    case installed
  }
  /// https://developer.apple.com/documentation/speech/assetinventory/assetinstallationrequest(supporting:)
  public static func assetInstallationRequest(supporting modules: [any SpeechModule]) async throws
    -> AssetInstallationRequest?
  { fatalError() }
  /// https://developer.apple.com/documentation/speech/assetinventory/status(formodules:)
  public static func status(forModules modules: [any SpeechModule]) async -> AssetInventory.Status { fatalError() }
}

/// https://developer.apple.com/documentation/speech/analysiscontext
/// `final class AnalysisContext`
@available(iOS 26.0, *)
public final class AnalysisContext: @unchecked Sendable {
  /// https://developer.apple.com/documentation/speech/analysiscontext/contextualstringstag
  /// `struct ContextualStringsTag`: RawRepresentable, Hashable, Sendable.
  public struct ContextualStringsTag: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/speech/analysiscontext/contextualstringstag/init(_:)
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/speech/analysiscontext/contextualstringstag/general
    public static let general = ContextualStringsTag("general")
  }
  /// https://developer.apple.com/documentation/speech/analysiscontext/init()
  public init() {}
  /// https://developer.apple.com/documentation/speech/analysiscontext/contextualstrings
  public final var contextualStrings: [AnalysisContext.ContextualStringsTag: [String]] = [:]
}

/// https://developer.apple.com/documentation/speech/analyzerinput
/// `struct AnalyzerInput`
@available(iOS 26.0, *)
public struct AnalyzerInput: @unchecked Sendable {
  /// https://developer.apple.com/documentation/speech/analyzerinput/init(buffer:)-2ysg3
  public init(buffer: AVAudioPCMBuffer) {}
}

/// https://developer.apple.com/documentation/speech/speechanalyzer
/// `final actor SpeechAnalyzer`
@available(iOS 26.0, *)
public final actor SpeechAnalyzer {
  /// https://developer.apple.com/documentation/speech/speechanalyzer/options
  /// `struct Options`
  public struct Options: Sendable {}
  /// https://developer.apple.com/documentation/speech/speechanalyzer/init(modules:options:)
  public init(modules: [any SpeechModule], options: SpeechAnalyzer.Options? = nil) {}
  /// https://developer.apple.com/documentation/speech/speechanalyzer/setcontext(_:)
  public final func setContext(_ newContext: AnalysisContext) async throws {}
  /// https://developer.apple.com/documentation/speech/speechanalyzer/bestavailableaudioformat(compatiblewith:)
  public static func bestAvailableAudioFormat(compatibleWith modules: [any SpeechModule]) async -> AVAudioFormat? {
    fatalError()
  }
  /// https://developer.apple.com/documentation/speech/speechanalyzer/analyzesequence(_:)
  public final func analyzeSequence<InputSequence>(_ inputSequence: InputSequence) async throws -> CMTime?
  where InputSequence: Sendable, InputSequence: AsyncSequence, InputSequence.Element == AnalyzerInput { fatalError() }
  /// https://developer.apple.com/documentation/speech/speechanalyzer/finalizeandfinish(through:)
  public final func finalizeAndFinish(through: CMTime) async throws {}
  /// https://developer.apple.com/documentation/speech/speechanalyzer/cancelandfinishnow()
  public final func cancelAndFinishNow() async {}
}
