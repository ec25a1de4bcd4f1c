import CoreML
import Foundation
import ModelInstallation
import SpeechEngine
import WhisperKit

/// Whisper on the Neural Engine through WhisperKit (Core ML), behind our `SpeechEngine` interface.
///
/// The model is loaded once, with `prewarm: false`: the store runs Core ML's specialization pass (`ModelCompiler`)
/// before only when this OS never specialised the model, so a reload is a single load.
final class WhisperKitEngine: SpeechEngine, @unchecked Sendable {
  let id = "whisperkit"
  let model: String

  // NB: WhisperKit is a non-Sendable class; this engine never mutates it after init and the dictation host
  // transcribes one utterance at a time, so sharing the reference is safe.
  private let kit: WhisperKit

  /// Loads the model in `folder`, each part on the units `EnginePlacement` gives it (never the GPU: keyboard
  /// dictations are transcribed in the background).
  init(model: String, folder: URL) async throws {
    let placement = EnginePlacement.whisper(model: model)
    let compute = ModelComputeOptions(
      melCompute: Self.units(placement.melSpectrogram), audioEncoderCompute: Self.units(placement.audioEncoder),
      textDecoderCompute: Self.units(placement.textDecoder))
    let config = WhisperKitConfig(
      model: model, modelFolder: folder.path, computeOptions: compute, verbose: false, prewarm: false, load: true,
      download: false)
    self.model = model
    self.kit = try await WhisperKit(config)
  }

  static func units(_ units: EnginePlacement.ComputeUnits) -> MLComputeUnits {
    MLComputeUnits(rawValue: units.coreMLRawValue) ?? .cpuOnly
  }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    // rule: SpeechEngine.Transcript.empty (no audio, no reading)
    guard !samples.isEmpty else { return .empty(engine: id, model: model, language: options.language) }
    let wanted = WhisperDecoding(options)
    var decoding = DecodingOptions(
      task: .transcribe, language: wanted.language, temperature: wanted.temperature,
      detectLanguage: wanted.detectLanguage, skipSpecialTokens: wanted.skipSpecialTokens,
      wordTimestamps: wanted.wordTimestamps, compressionRatioThreshold: wanted.compressionRatioThreshold,
      logProbThreshold: wanted.logProbThreshold, firstTokenLogProbThreshold: wanted.firstTokenLogProbThreshold,
      // rule: ModelInstallation.WhisperDecoding.chunksAtPauses
      noSpeechThreshold: wanted.noSpeechThreshold, chunkingStrategy: wanted.chunksAtPauses ? ChunkingStrategy.vad : nil)
    if let prompt = wanted.prompt, let tokenizer = kit.tokenizer {
      decoding.promptTokens = WhisperDecoding.promptTokens(
        tokenizer.encode(text: prompt), specialTokenBegin: tokenizer.specialTokens.specialTokenBegin)
      decoding.usePrefillPrompt = true
    }
    let results = try await kit.transcribe(audioArray: samples, decodeOptions: decoding)
    let segments = results.flatMap(\.segments).map { segment in
      WhisperDecoding.Segment(
        text: segment.text, start: Double(segment.start), end: Double(segment.end),
        averageLogProbability: Double(segment.avgLogprob), noSpeechProbability: Double(segment.noSpeechProb),
        words: (segment.words ?? []).map { ($0.word, Double($0.start), Double($0.end), Double($0.probability)) })
    }
    return WhisperDecoding.transcript(
      texts: results.map(\.text), segments: segments, language: results.first?.language, engine: id, model: model)
  }
}
