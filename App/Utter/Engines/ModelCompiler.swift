import CoreML
import Foundation
import ModelInstallation

/// Core ML's specialization pass for a downloaded WhisperKit model, one model at a time with progress: what
/// WhisperKit's `prewarm` does (each model loaded and dropped, so the peak is one model's compile), with a real fraction
/// for onboarding. Core ML keeps the specialised copy, so the engine's single load afterwards is quick.
///
/// NB: WhisperKit's `prewarmModels()` reports only `prewarming`/`prewarmed` through `modelStateCallback`; the store runs
/// this pass only when the model was never specialised on this OS version, and loads the engine with `prewarm: false`.
enum ModelCompiler {
  /// Loads and drops each model in `folder` with the units loading asks for (`EnginePlacement`), so Core ML specialises
  /// once; `progress` receives the fraction done (by the models' sizes) after each.
  static func compile(folder: URL, progress: @escaping @Sendable (Double) -> Void) async throws {
    try await Task.detached(priority: .userInitiated) {
      let parts = EnginePlacement.Component.loadOrder
      let sizes = parts.map { ModelFiles.bytes(under: $0.compiledModel(in: folder)) }
      for (part, fraction) in zip(parts, EnginePlacement.Component.fractions(sizes)) {
        let configuration = MLModelConfiguration()
        configuration.computeUnits = WhisperKitEngine.units(EnginePlacement.backgroundSafe.units(for: part))
        _ = try MLModel(contentsOf: part.compiledModel(in: folder), configuration: configuration)
        progress(fraction)
      }
    }.value
  }
}
