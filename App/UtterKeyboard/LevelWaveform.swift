import SwiftUI

/// Bars that scroll with the microphone level (dBFS from the app), so the user sees they are heard.
@MainActor
struct LevelWaveform: View {
  let level: Double?
  @State private var history = Array(repeating: CGFloat(0.04), count: 28)
  @Environment(\.accessibilityReduceMotion) private var reduceMotion

  var body: some View {
    GeometryReader { geometry in
      HStack(alignment: .center, spacing: 3) {
        ForEach(history.indices, id: \.self) { index in
          Capsule()
            .fill(Color.accentColor.opacity(level == nil ? 0.3 : 0.9))
            .frame(height: max(4, history[index] * geometry.size.height))
        }
      }
      .frame(maxHeight: .infinity)
    }
    .onChange(of: level) { _, newLevel in
      let value = Self.height(for: newLevel)
      if reduceMotion {
        history = Array(repeating: value, count: history.count)
      } else {
        history.removeFirst()
        history.append(value)
      }
    }
    .accessibilityHidden(true)
  }

  /// Maps -50...0 dBFS onto 0.04...1.
  private static func height(for level: Double?) -> CGFloat {
    guard let level else { return 0.04 }
    let clamped = min(0, max(-50, level))
    return CGFloat(0.04 + 0.96 * (clamped + 50) / 50)
  }
}

/// A round key with a symbol: cancel ✗ and done ✓.
@MainActor
struct RoundKey: View {
  let symbol: String
  let label: String
  let tint: Color
  let action: () -> Void

  var body: some View {
    Button(action: action) {
      Image(systemName: symbol)
        .font(.title2.weight(.bold))
        .frame(width: 56, height: 56)
        .background(Circle().fill(tint.opacity(0.2)))
        .foregroundStyle(tint)
    }
    .buttonStyle(.plain)
    .accessibilityLabel(label)
  }
}
