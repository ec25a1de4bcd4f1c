import CoreML
import Dictation
import Foundation
import SpeechEngine
import WhisperKit

/// Whisper on the Neural Engine through WhisperKit (Core ML), behind our `SpeechEngine` interface.
///
/// The model is loaded and prewarmed when the engine is created (during onboarding or at app launch), never on
/// the first dictation.
final class WhisperKitEngine: SpeechEngine, @unchecked Sendable {
  let id = "whisperkit"
  let model: String

  // NB: WhisperKit is a non-Sendable class; this engine never mutates it after init and the dictation host
  // transcribes one utterance at a time, so sharing the reference is safe.
  private let kit: WhisperKit

  /// Loads (and compiles, the first time) the model in `folder`, each part on the units `placement` gives it (never
  /// the GPU: keyboard dictations are transcribed in the background).
  init(model: String, folder: URL, placement: EnginePlacement? = nil) async throws {
    let config = WhisperKitConfig(
      model: model,
      modelFolder: folder.path,
      computeOptions: Self.computeOptions(placement ?? .whisper(model: model)),
      verbose: false,
      prewarm: true,
      load: true,
      download: false
    )
    self.model = model
    self.kit = try await WhisperKit(config)
  }

  /// WhisperKit's options for `placement`.
  static func computeOptions(_ placement: EnginePlacement) -> ModelComputeOptions {
    ModelComputeOptions(
      melCompute: units(placement.melSpectrogram), audioEncoderCompute: units(placement.audioEncoder),
      textDecoderCompute: units(placement.textDecoder))
  }

  static func units(_ units: EnginePlacement.ComputeUnits) -> MLComputeUnits {
    switch units {
    case .cpuOnly: .cpuOnly
    case .cpuAndNeuralEngine: .cpuAndNeuralEngine
    case .cpuAndGPU: .cpuAndGPU
    case .all: .all
    }
  }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    guard !samples.isEmpty else { return .empty(engine: id, model: model, language: options.language) }
    let results = try await kit.transcribe(audioArray: samples, decodeOptions: decodingOptions(for: options))
    return WhisperKitTranscripts.transcript(from: results, engine: id, model: model)
  }

  private func decodingOptions(for options: TranscriptionOptions) -> DecodingOptions {
    var decoding = DecodingOptions()
    decoding.task = .transcribe
    decoding.language = options.language
    decoding.detectLanguage = options.language == nil
    decoding.temperature = 0
    decoding.skipSpecialTokens = true
    decoding.wordTimestamps = true
    decoding.chunkingStrategy = .vad
    if let prompt = options.combinedPrompt, let tokenizer = kit.tokenizer {
      // Whisper's prompt is a list of text tokens; special tokens would derail decoding.
      decoding.promptTokens = tokenizer.encode(text: " " + prompt.trimmingCharacters(in: .whitespaces))
        .filter { $0 < tokenizer.specialTokens.specialTokenBegin }
      decoding.usePrefillPrompt = true
    }
    return decoding
  }
}

/// Maps WhisperKit's results onto our transcript value type.
enum WhisperKitTranscripts {
  static func transcript(from results: [TranscriptionResult], engine: String, model: String) -> Transcript {
    var segments: [TranscriptSegment] = []
    for result in results {
      for segment in result.segments {
        let words = (segment.words ?? []).map {
          TranscriptWord(
            text: $0.word.trimmingCharacters(in: .whitespaces), start: Double($0.start), end: Double($0.end),
            confidence: Double($0.probability))
        }
        let confidence =
          words.isEmpty ? Double(exp(segment.avgLogprob)) : words.map(\.confidence).reduce(0, +) / Double(words.count)
        segments.append(
          TranscriptSegment(
            text: segment.text.trimmingCharacters(in: .whitespaces), start: Double(segment.start),
            end: Double(segment.end), confidence: confidence, noSpeechProbability: Double(segment.noSpeechProb),
            words: words))
      }
    }
    let text = results.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
    return Transcript(text: text, segments: segments, language: results.first?.language, engine: engine, model: model)
  }
}
