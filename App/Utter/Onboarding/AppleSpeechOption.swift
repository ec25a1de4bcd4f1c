import SwiftUI

/// Apple's built-in transcriber as an onboarding choice, on iOS 26 and later.
@MainActor
struct AppleSpeechOption: View {
  let selected: Bool
  let select: () -> Void

  var body: some View {
    if Self.isAvailable {
      ChoiceRow(selected: selected, select: select) {
        Text("Apple (built in)").font(.headline)
        Text("iOS's own on-device transcriber; no model to store in Utter")
          .font(.subheadline)
          .foregroundStyle(.secondary)
      }
    }
  }

  static var isAvailable: Bool {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) { return true }
    #endif
    return false
  }

  /// Makes sure the system's speech model for `language` is installed.
  static func install(language: String?) async throws {
    #if canImport(FoundationModels)
      if #available(iOS 26.0, *) {
        let engine = try await AppleSpeechEngine.make(language: language)
        try await engine.installAssets { _ in }
        return
      }
    #endif
    throw LibraryError("Apple's on-device transcriber needs iOS 26")
  }
}
