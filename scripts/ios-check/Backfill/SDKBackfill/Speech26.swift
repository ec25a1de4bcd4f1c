// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// Speech's SpeechAnalyzer API (iOS 26), the part the app uses, as declared on
// developer.apple.com/documentation/speech.
import AVFoundation
import CoreMedia
import Foundation

/// iOS 26.0: /documentation/speech/speechmodule
@available(iOS 26.0, *)
public protocol SpeechModule: AnyObject, Sendable {}

/// iOS 26.0: /documentation/speech/speechtranscriber
@available(iOS 26.0, *)
public final class SpeechTranscriber: SpeechModule, @unchecked Sendable {
  /// /documentation/speech/speechtranscriber/transcriptionoption
  public enum TranscriptionOption: Hashable, Sendable { case etiquetteReplacements }
  /// /documentation/speech/speechtranscriber/reportingoption
  public enum ReportingOption: Hashable, Sendable {
    case volatileResults, alternativeTranscriptions, frequentFinalization
  }
  /// /documentation/speech/speechtranscriber/resultattributeoption
  public enum ResultAttributeOption: Hashable, Sendable { case audioTimeRange, transcriptionConfidence }

  /// /documentation/speech/speechtranscriber/result
  public struct Result: Sendable {
    public var text: AttributedString { fatalError() }
    public var range: CMTimeRange { fatalError() }
    public var isFinal: Bool { fatalError() }
  }

  /// /documentation/speech/speechtranscriber/init(locale:transcriptionoptions:reportingoptions:attributeoptions:)
  public convenience init(
    locale: Locale, transcriptionOptions: Set<TranscriptionOption>, reportingOptions: Set<ReportingOption>,
    attributeOptions: Set<ResultAttributeOption>
  ) { self.init() }
  private init() {}

  /// /documentation/speech/speechtranscriber/isavailable
  public static var isAvailable: Bool { false }
  /// /documentation/speech/speechtranscriber/supportedlocale(equivalentto:)
  public static func supportedLocale(equivalentTo locale: Locale) async -> Locale? { nil }
  /// /documentation/speech/speechtranscriber/results
  public var results: AsyncThrowingStream<Result, any Error> { fatalError() }
}

/// iOS 26.0: /documentation/speech/assetinstallationrequest
@available(iOS 26.0, *)
public final class AssetInstallationRequest: @unchecked Sendable {
  /// /documentation/speech/assetinstallationrequest/progress
  public var progress: Progress { fatalError() }
  /// /documentation/speech/assetinstallationrequest/downloadandinstall()
  public func downloadAndInstall() async throws {}
}

/// iOS 26.0: /documentation/speech/assetinventory
@available(iOS 26.0, *)
public final class AssetInventory {
  /// /documentation/speech/assetinventory/status
  public enum Status: Comparable, Hashable, Sendable { case unsupported, supported, downloading, installed }
  /// /documentation/speech/assetinventory/assetinstallationrequest(supporting:)
  public static func assetInstallationRequest(supporting modules: [any SpeechModule]) async throws
    -> AssetInstallationRequest?
  { nil }
  /// /documentation/speech/assetinventory/status(formodules:)
  public static func status(forModules modules: [any SpeechModule]) async -> Status { .unsupported }
}

/// iOS 26.0: /documentation/speech/analysiscontext
@available(iOS 26.0, *)
public final class AnalysisContext: @unchecked Sendable {
  /// /documentation/speech/analysiscontext/contextualstringstag
  public struct ContextualStringsTag: Hashable, Sendable {
    public static let general = ContextualStringsTag()
  }
  public init() {}
  /// /documentation/speech/analysiscontext/contextualstrings
  public var contextualStrings: [ContextualStringsTag: [String]] = [:]
}

/// iOS 26.0: /documentation/speech/analyzerinput
@available(iOS 26.0, *)
public struct AnalyzerInput: @unchecked Sendable {
  /// /documentation/speech/analyzerinput/init(buffer:)
  public init(buffer: AVAudioPCMBuffer) {}
}

/// iOS 26.0: /documentation/speech/speechanalyzer
@available(iOS 26.0, *)
public final class SpeechAnalyzer: @unchecked Sendable {
  /// /documentation/speech/speechanalyzer/options
  public struct Options: Sendable {}
  /// /documentation/speech/speechanalyzer/init(modules:options:)
  public convenience init(modules: [any SpeechModule], options: SpeechAnalyzer.Options? = nil) { self.init() }
  private init() {}
  /// /documentation/speech/speechanalyzer/setcontext(_:)
  public final func setContext(_ newContext: AnalysisContext) async throws {}
  /// /documentation/speech/speechanalyzer/bestavailableaudioformat(compatiblewith:)
  public static func bestAvailableAudioFormat(compatibleWith modules: [any SpeechModule]) async -> AVAudioFormat? {
    nil
  }
  /// /documentation/speech/speechanalyzer/analyzesequence(_:)
  public final func analyzeSequence<InputSequence>(_ inputSequence: InputSequence) async throws -> CMTime?
  where InputSequence: Sendable, InputSequence: AsyncSequence, InputSequence.Element == AnalyzerInput { nil }
  /// /documentation/speech/speechanalyzer/finalizeandfinish(through:)
  public final func finalizeAndFinish(through: CMTime) async throws {}
  /// /documentation/speech/speechanalyzer/cancelandfinishnow()
  public final func cancelAndFinishNow() async {}
}
