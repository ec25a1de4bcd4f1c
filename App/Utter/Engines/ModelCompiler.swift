import CoreML
import Dictation
import Foundation

/// Compiles a downloaded WhisperKit model for this iPhone's Neural Engine, one Core ML model at a time, with
/// progress. Core ML keeps the specialised copy, so the engine's own load afterwards is quick.
///
/// NB: WhisperKit's `prewarmModels()` does the same loads but reports only `prewarming`/`prewarmed` through
/// `modelStateCallback`, and `WhisperKitEngine` prewarms inside WhisperKit's initialiser, before a callback could
/// be set. Loading the three models here gives a real fraction (by the models' sizes) for onboarding.
enum ModelCompiler {
  /// The models WhisperKit loads, in its order.
  static let parts: [EnginePlacement.Component] = [.melSpectrogram, .textDecoder, .audioEncoder]

  /// Loads each model in `folder` with CPU and Neural Engine compute units (never the GPU: keyboard dictations
  /// run in the background, where iOS refuses GPU work); `progress` receives the fraction done after each.
  static func compile(folder: URL, progress: @escaping @Sendable (Double) -> Void) async throws {
    try await Task.detached(priority: .userInitiated) {
      let urls = parts.map { $0.compiledModel(in: folder) }
      let sizes = urls.map(Self.size(of:))
      let total = max(sizes.reduce(0, +), 1)
      var done: Int64 = 0
      for (part, (url, size)) in zip(parts, zip(urls, sizes)) {
        let configuration = MLModelConfiguration()
        // NB: the units loading asks for (`EnginePlacement`), so Core ML compiles once.
        configuration.computeUnits = WhisperKitEngine.units(EnginePlacement.backgroundSafe.units(for: part))
        _ = try MLModel(contentsOf: url, configuration: configuration)
        done += size
        progress(Double(done) / Double(total))
      }
    }.value
  }

  /// Bytes of the files under `url`.
  private static func size(of url: URL) -> Int64 {
    let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
    var total: Int64 = 0
    while let file = files?.nextObject() as? URL {
      total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
    }
    return total
  }
}
