import Foundation

/// Where each Core ML model of an on-device Whisper runs on the iPhone: never on the GPU.
///
/// Keyboard dictations are transcribed while Utter is in the background, and iOS refuses GPU work from the
/// background ("Insufficient Permission (to submit GPU work from background)", argmax-oss-swift#194). WhisperKit's
/// default puts the mel spectrogram on the GPU, so every model gets its compute units from here instead; the app maps
/// them onto `MLComputeUnits` and hands them to WhisperKit.
public struct EnginePlacement: Sendable, Hashable {
  /// The processors a model may use.
  public enum ComputeUnits: String, Sendable, Hashable, CaseIterable {
    /// The CPU alone.
    case cpuOnly
    /// The CPU and the Neural Engine; Core ML falls back to the CPU for what the Neural Engine cannot run.
    case cpuAndNeuralEngine
    /// The CPU and the GPU: refused from the background, never chosen.
    case cpuAndGPU
    /// Every processor, the GPU included: never chosen.
    case all

    /// Whether the GPU may run the model (iOS refuses that from the background).
    public var usesGPU: Bool { self == .cpuAndGPU || self == .all }

    /// Core ML's `MLComputeUnits` raw value for these units (`cpuOnly` 0, `cpuAndGPU` 1, `all` 2,
    /// `cpuAndNeuralEngine` 3, as MLModelConfiguration.h numbers them).
    public var coreMLRawValue: Int {
      switch self {
      case .cpuOnly: 0
      case .cpuAndGPU: 1
      case .all: 2
      case .cpuAndNeuralEngine: 3
      }
    }
  }

  /// The models WhisperKit 1.0.0 loads (`WhisperKit.loadModels`), each named as its compiled model's file. NB: the
  /// separate prefill model (`TextDecoderContextPrefill`) was removed from WhisperKit before 1.0.0
  /// (argmaxinc/WhisperKit#467).
  public enum Component: String, Sendable, Hashable, CaseIterable {
    /// Audio to log-mel features.
    case melSpectrogram = "MelSpectrogram"
    /// Features to the audio embedding.
    case audioEncoder = "AudioEncoder"
    /// The embedding to tokens.
    case textDecoder = "TextDecoder"

    /// The order WhisperKit 1.0.0's `loadModels` loads them in.
    public static let loadOrder: [Component] = [.melSpectrogram, .textDecoder, .audioEncoder]

    /// The fraction done after each of the models of `sizes` (bytes, in load order), by size.
    public static func fractions(_ sizes: [Int64]) -> [Double] {
      guard sizes.contains(where: { $0 > 0 }) else { return sizes.indices.map { Double($0 + 1) / Double(sizes.count) } }
      let total = Double(sizes.reduce(0) { $0 + max($1, 0) })
      var done: Int64 = 0
      return sizes.map { size in
        done += max(size, 0)
        return min(Double(done) / total, 1)
      }
    }

    /// The compiled Core ML model of this component in a WhisperKit model folder (`MelSpectrogram.mlmodelc`, …).
    public func compiledModel(in folder: URL) -> URL {
      folder.appendingPathComponent("\(rawValue).mlmodelc", isDirectory: true)
    }
  }

  /// The mel spectrogram's units.
  public var melSpectrogram: ComputeUnits
  public var audioEncoder: ComputeUnits
  public var textDecoder: ComputeUnits

  /// The units for `component`.
  public func units(for component: Component) -> ComputeUnits {
    switch component {
    case .melSpectrogram: melSpectrogram
    case .audioEncoder: audioEncoder
    case .textDecoder: textDecoder
    }
  }

  /// Whether any model may run on the GPU.
  public var usesGPU: Bool { Component.allCases.contains { units(for: $0).usesGPU } }

  /// The placement every model gets: nothing on the GPU, so a dictation transcribed in the background runs.
  ///
  /// Every model asks for the CPU and the Neural Engine: WhisperKit's own default for the encoder and decoder on iOS 17
  /// and later, and for the mel spectrogram (WhisperKit's default puts it on the GPU) the same units, so that the
  /// compile onboarding runs (`ModelCompiler`, with these units) is the one loading uses; Core ML runs on the CPU
  /// whatever of the short FFT front end the Neural Engine cannot.
  public static let backgroundSafe = EnginePlacement(
    melSpectrogram: .cpuAndNeuralEngine, audioEncoder: .cpuAndNeuralEngine, textDecoder: .cpuAndNeuralEngine)

  /// The placement for the Whisper model `id` (a `WhisperModelChoice` id; an unknown id gets `backgroundSafe`).
  public static func whisper(model id: String) -> EnginePlacement {
    WhisperModelChoice.choice(id: id)?.placement ?? .backgroundSafe
  }
}

extension WhisperModelChoice {
  /// Where this model's parts run on the iPhone.
  public var placement: EnginePlacement { .backgroundSafe }
}
