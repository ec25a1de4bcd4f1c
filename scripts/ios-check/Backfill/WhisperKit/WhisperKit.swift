// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// The part of WhisperKit 1.0.0 (App/project.yml pins exactVersion 1.0.0) that the app calls. Each declaration
// repeats the signature in argmaxinc/WhisperKit at tag v1.0.0, in the file named beside it.
import CoreML
import Foundation

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Configurations.swift
/// `open class WhisperKitConfig`: its stored properties of plain types and its one initialiser, labels in order. NB: the
/// parameters typed by WhisperKit's pipeline protocols (`audioInputConfig`, `audioProcessor`, `featureExtractor`,
/// `audioEncoder`, `textDecoder`, `logitsFilters`, `segmentSeeker`, `voiceActivityDetector`) and `logLevel` sit
/// between `computeOptions` and `verbose`, all defaulted; the app passes none, so they are left out here.
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
/// `public struct ModelComputeOptions: Sendable`: the compute units of the three models WhisperKit 1.0.0 loads.
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

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Configurations.swift: the fields the app sets.
public struct DecodingOptions: Codable, Sendable {
  public var verbose: Bool
  public var task: DecodingTask
  public var language: String?
  public var temperature: Float
  public var usePrefillPrompt: Bool
  public var detectLanguage: Bool
  public var skipSpecialTokens: Bool
  public var withoutTimestamps: Bool
  public var wordTimestamps: Bool
  public var promptTokens: [Int]?
  public var prefixTokens: [Int]?
  public var chunkingStrategy: ChunkingStrategy?
  public init(
    verbose: Bool = false, task: DecodingTask = .transcribe, language: String? = nil, temperature: Float = 0.0,
    usePrefillPrompt: Bool = true, detectLanguage: Bool? = nil, skipSpecialTokens: Bool = false,
    withoutTimestamps: Bool = false, wordTimestamps: Bool = false, promptTokens: [Int]? = nil,
    prefixTokens: [Int]? = nil, chunkingStrategy: ChunkingStrategy? = nil
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
  public var temperature: Float
  public var avgLogprob: Float
  public var compressionRatio: Float
  public var noSpeechProb: Float
  public var words: [WordTiming]?
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift: `open class TranscriptionResult: Codable, @unchecked Sendable`.
open class TranscriptionResult: @unchecked Sendable {
  public var text: String { fatalError() }
  public var segments: [TranscriptionSegment] { fatalError() }
  public var language: String { fatalError() }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct ModelSupport: Codable, Equatable, Sendable {
  public let `default`: String
  public let supported: [String]
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public struct SpecialTokens: Sendable {
  public let endToken: Int
  public let noSpeechToken: Int
  public let specialTokenBegin: Int
  public let timeTokenBegin: Int
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public protocol WhisperTokenizer {
  func encode(text: String) -> [Int]
  func decode(tokens: [Int]) -> String
  var specialTokens: SpecialTokens { get }
}

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/Models.swift
public typealias ProgressCallback = @Sendable (Progress) -> Void

/// https://github.com/argmaxinc/WhisperKit/blob/v1.0.0/Sources/WhisperKit/Core/WhisperKit.swift
open class WhisperKit {
  public var tokenizer: WhisperTokenizer? { fatalError() }

  public init(_ config: WhisperKitConfig = WhisperKitConfig()) async throws {}

  public static func recommendedModels() -> ModelSupport { fatalError() }

  public static func download(
    variant: String, downloadBase: URL? = nil, useBackgroundSession: Bool = false,
    from repo: String = "argmaxinc/whisperkit-coreml", token: String? = nil,
    progressCallback: ProgressCallback? = nil
  ) async throws -> URL { fatalError() }

  open func transcribe(audioArray: [Float], decodeOptions: DecodingOptions? = nil) async throws
    -> [TranscriptionResult]
  { fatalError() }
}
