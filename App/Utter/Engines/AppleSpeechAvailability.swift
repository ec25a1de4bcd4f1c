import Foundation
import ModelInstallation

extension AppleSpeechAvailability {
  /// The one for this iPhone, so onboarding and Settings show the same download.
  static let shared = AppleSpeechAvailability(system: appleSystem)

  /// What iOS 26's SpeechTranscriber and AssetInventory answer; nil before iOS 26.
  private static var appleSystem: System? {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) {
        return System(
          status: { await AppleSpeechEngine.status(language: $0) },
          install: { try await AppleSpeechEngine.make(language: $0).installAssets(progress: $1) })
      }
    #endif
    return nil
  }
}
