// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// The part of WhisperKit 1.0.0 (App/project.yml pins exactVersion 1.0.0) that the app calls. Each declaration
// repeats the signature in argmaxinc/WhisperKit at tag v1.0.0 (commit 25c62997), in the file named above it; a
// parameter left out is defaulted there and named in the comment.
import CoreML
import Foundation

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Configurations.swift
/// `open class WhisperKitConfig`: its stored properties of plain types and its one initialiser, labels in order.
/// NB: the parameters typed by WhisperKit's pipeline protocols (`audioInputConfig`, `audioProcessor`,
/// `featureExtractor`, `audioEncoder`, `textDecoder`, `logitsFilters`, `segmentSeeker`, `voiceActivityDetector`)
/// sit between `computeOptions` and `verbose`, and `logLevel` between `verbose` and `prewarm`, all defaulted; the app
/// passes none.
open class WhisperKitConfig {
  public var model: String?
  public var downloadBase: URL?
  public var modelRepo: String?
  public var modelToken: String?
  public var modelEndpoint: String?
  public var modelFolder: String?
  public var tokenizerFolder: URL?
  public var computeOptions: ModelComputeOptions?
  public var verbose: Bool
  public var prewarm: Bool?
  public var load: Bool?
  public var download: Bool
  public var useBackgroundDownloadSession: Bool

  public init(
    model: String? = nil, downloadBase: URL? = nil, modelRepo: String? = nil, modelToken: String? = nil,
    modelEndpoint: String? = nil, modelFolder: String? = nil, tokenizerFolder: URL? = nil,
    computeOptions: ModelComputeOptions? = nil, verbose: Bool = true, prewarm: Bool? = nil, load: Bool? = nil,
    download: Bool = true, useBackgroundDownloadSession: Bool = false
  ) { fatalError() }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct ModelComputeOptions: Sendable {
  public var melCompute: MLComputeUnits
  public var audioEncoderCompute: MLComputeUnits
  public var textDecoderCompute: MLComputeUnits

  public init(
    melCompute: MLComputeUnits = .cpuAndGPU, audioEncoderCompute: MLComputeUnits? = nil,
    textDecoderCompute: MLComputeUnits = .cpuAndNeuralEngine
  ) { fatalError() }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public enum DecodingTask: Codable, CustomStringConvertible, CaseIterable, Sendable {
  case transcribe
  case translate
  public var description: String { "" }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public enum ChunkingStrategy: String, Codable, CaseIterable {
  case none
  case vad
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Configurations.swift: every stored
/// property and the initialiser's labels in order (`sampleLength` defaults to `Constants.maxTokenContext`, 448 / 2).
public struct DecodingOptions: Codable, Sendable {
  public var verbose: Bool
  public var task: DecodingTask
  public var language: String?
  public var temperature: Float
  public var temperatureIncrementOnFallback: Float
  public var temperatureFallbackCount: Int
  public var sampleLength: Int
  public var topK: Int
  public var usePrefillPrompt: Bool
  public var detectLanguage: Bool
  public var skipSpecialTokens: Bool
  public var withoutTimestamps: Bool
  public var wordTimestamps: Bool
  public var maxInitialTimestamp: Float?
  public var maxWindowSeek: Int?
  public var clipTimestamps: [Float]
  public var windowClipTime: Float
  public var promptTokens: [Int]?
  public var prefixTokens: [Int]?
  public var suppressBlank: Bool
  public var suppressTokens: [Int]
  public var compressionRatioThreshold: Float?
  public var logProbThreshold: Float?
  public var firstTokenLogProbThreshold: Float?
  public var noSpeechThreshold: Float?
  public var concurrentWorkerCount: Int
  public var chunkingStrategy: ChunkingStrategy?

  public init(
    verbose: Bool = false, task: DecodingTask = .transcribe, language: String? = nil, temperature: Float = 0.0,
    temperatureIncrementOnFallback: Float = 0.2, temperatureFallbackCount: Int = 5, sampleLength: Int = 224,
    topK: Int = 5, usePrefillPrompt: Bool = true, detectLanguage: Bool? = nil, skipSpecialTokens: Bool = false,
    withoutTimestamps: Bool = false, wordTimestamps: Bool = false, maxInitialTimestamp: Float? = nil,
    maxWindowSeek: Int? = nil, clipTimestamps: [Float] = [], windowClipTime: Float = 1.0,
    promptTokens: [Int]? = nil, prefixTokens: [Int]? = nil, suppressBlank: Bool = false,
    suppressTokens: [Int]? = nil, compressionRatioThreshold: Float? = 2.4, logProbThreshold: Float? = -1.0,
    firstTokenLogProbThreshold: Float? = -1.5, noSpeechThreshold: Float? = 0.6, concurrentWorkerCount: Int? = nil,
    chunkingStrategy: ChunkingStrategy? = nil
  ) { fatalError() }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct WordTiming: Hashable, Codable, Sendable {
  public var word: String
  public var tokens: [Int]
  public var start: Float
  public var end: Float
  public var probability: Float
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct TranscriptionSegment: Hashable, Codable, Sendable {
  public var id: Int
  public var seek: Int
  public var start: Float
  public var end: Float
  public var text: String
  public var tokens: [Int]
  public var tokenLogProbs: [[Int: Float]]
  public var temperature: Float
  public var avgLogprob: Float
  public var compressionRatio: Float
  public var noSpeechProb: Float
  public var words: [WordTiming]?
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift: `open class
/// TranscriptionResult: Codable, @unchecked Sendable`, its properties the app reads (lock-wrapped stored vars there).
open class TranscriptionResult: Codable, @unchecked Sendable {
  public var text: String {
    get { fatalError() }
    set {}
  }
  public var segments: [TranscriptionSegment] {
    get { fatalError() }
    set {}
  }
  public var language: String {
    get { fatalError() }
    set {}
  }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct ModelSupport: Codable, Equatable, Sendable {
  public let `default`: String
  public let supported: [String]
  public var disabled: [String] = []
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct SpecialTokens: Sendable {
  public let endToken: Int
  public let englishToken: Int
  public let noSpeechToken: Int
  public let noTimestampsToken: Int
  public let specialTokenBegin: Int
  public let startOfPreviousToken: Int
  public let startOfTranscriptToken: Int
  public let timeTokenBegin: Int
  public let transcribeToken: Int
  public let translateToken: Int
  public let whitespaceToken: Int
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public protocol WhisperTokenizer {
  func encode(text: String) -> [Int]
  func decode(tokens: [Int]) -> String
  func convertTokenToId(_ token: String) -> Int?
  func convertIdToToken(_ id: Int) -> String?
  var specialTokens: SpecialTokens { get }
  var allLanguageTokens: Set<Int> { get }
  func splitToWordTokens(tokenIds: [Int]) -> (words: [String], wordTokens: [[Int]])
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/WhisperKit.swift
open class WhisperKit {
  public var tokenizer: WhisperTokenizer? {
    get { fatalError() }
    set {}
  }

  public init(_ config: WhisperKitConfig = WhisperKitConfig()) async throws {}

  public static func recommendedModels() -> ModelSupport { fatalError() }

  /// `transcribe(audioArray:decodeOptions:callback:segmentCallback:)`: `callback` and `segmentCallback` (WhisperKit's
  /// progress and segment callbacks) default to nil and are left out.
  open func transcribe(audioArray: [Float], decodeOptions: DecodingOptions? = nil) async throws
    -> [TranscriptionResult]
  { fatalError() }
}
