import SwiftUI

/// Apple's built-in transcriber as an onboarding choice, on iOS 26 and later.
@MainActor
struct AppleSpeechOption: View {
  static let id = "apple"
  let selected: Bool
  let select: () -> Void

  var body: some View {
    if Self.isAvailable {
      Button(action: select) {
        HStack(alignment: .top, spacing: 12) {
          Image(systemName: selected ? "largecircle.fill.circle" : "circle")
            .foregroundStyle(.tint)
            .accessibilityHidden(true)
          VStack(alignment: .leading, spacing: 4) {
            Text("Apple (built in)").font(.headline)
            Text("iOS's own on-device transcriber; no model to store in Utter")
              .font(.subheadline)
              .foregroundStyle(.secondary)
          }
          Spacer(minLength: 0)
        }
        .padding(12)
        .background(
          RoundedRectangle(cornerRadius: 12).strokeBorder(selected ? Color.accentColor : .secondary.opacity(0.3))
        )
        .contentShape(Rectangle())
      }
      .buttonStyle(.plain)
      .accessibilityElement(children: .combine)
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
