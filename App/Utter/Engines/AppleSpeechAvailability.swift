import Dictation
import Foundation
import Observation

/// Apple's transcriber on this iPhone as the screens show it: the status `AppleSpeechStatus` decides from what iOS
/// reports, refreshed on demand and followed through a download. One per app, so onboarding and Settings show the
/// same download.
@MainActor
@Observable
final class AppleSpeechAvailability {
  static let shared = AppleSpeechAvailability()

  private(set) var status: AppleSpeechStatus = .needsNewerSystem

  /// Asks iOS again where the transcriber stands for `language` (nil: the device's language).
  func refresh(language: String?) async {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) {
        if case .downloading = status { return }
        status = await AppleSpeechEngine.status(language: language)
        return
      }
    #endif
    status = .needsNewerSystem
  }

  /// Downloads the system's speech model for `language` if it is missing, following its progress.
  func install(language: String?) async throws {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) {
        let engine = try await AppleSpeechEngine.make(language: language)
        status = status.downloaded(0)
        do {
          try await engine.installAssets { fraction in
            Task { @MainActor in
              if case .downloading = self.status { self.status = self.status.downloaded(fraction) }
            }
          }
        } catch {
          status = .downloadFailed(UserMessage.of(error))
          throw error
        }
        status = await AppleSpeechEngine.status(language: language)
        return
      }
    #endif
    throw LibraryError("Apple's on-device transcriber needs iOS 26")
  }
}
