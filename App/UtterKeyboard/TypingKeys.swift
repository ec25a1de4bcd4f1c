import KeyboardModel
import SwiftUI
import UIKit

/// The always-present row: globe (when iOS asks for it), 123/mic toggle, space, backspace, return.
@MainActor
struct BottomRow: View {
  let session: KeyboardScreenModel
  let showsGlobe: Bool
  let globe: () -> UIView
  @Binding var showsSymbols: Bool

  var body: some View {
    HStack(spacing: 6) {
      if showsGlobe {
        GlobeKey(makeView: globe)
          .frame(width: 44, height: 44)
          .background(KeyBackground(isSpecial: true))
      }
      KeyButton(title: showsSymbols ? "🎙" : "123", isSpecial: true, width: 52) {
        showsSymbols.toggle()
      }
      .accessibilityLabel(showsSymbols ? "Dictation" : "Numbers and symbols")
      KeyButton(title: "space", isSpecial: false) { session.type(" ") }
        .accessibilityLabel("Space")
      RepeatingKey(symbol: "delete.left", label: "Delete") { session.deleteBackward() }
      KeyButton(title: session.host?.returnKeyLabel ?? "return", isSpecial: true, width: 84) { session.type("\n") }
    }
    .frame(height: 44)
  }
}

/// Digits and the punctuation people need around dictated text.
@MainActor
struct SymbolPad: View {
  let session: KeyboardScreenModel
  private let rows: [[String]] = [
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
    ["-", "/", ":", ";", "(", ")", "€", "&", "@", "\""],
    [".", ",", "?", "!", "'", "#", "%", "+", "=", "*"],
  ]

  var body: some View {
    VStack(spacing: 8) {
      ForEach(rows, id: \.self) { row in
        HStack(spacing: 5) {
          ForEach(row, id: \.self) { key in
            KeyButton(title: key, isSpecial: false) { session.type(key) }
          }
        }
      }
    }
    .frame(maxHeight: .infinity)
  }
}

/// A plain key.
@MainActor
struct KeyButton: View {
  let title: String
  let isSpecial: Bool
  var width: CGFloat? = nil
  let action: () -> Void

  var body: some View {
    Button(action: action) {
      Text(title)
        .font(.body)
        .minimumScaleFactor(0.6)
        .lineLimit(1)
        .frame(maxWidth: width ?? .infinity, minHeight: 40, maxHeight: .infinity)
        .frame(width: width)
        .background(KeyBackground(isSpecial: isSpecial))
        .foregroundStyle(Color(uiColor: .label))
    }
    .buttonStyle(.plain)
  }
}

/// A key that repeats while held (backspace): once on touch, then again every 0.08 s after 0.4 s.
@MainActor
struct RepeatingKey: View {
  let symbol: String
  let label: String
  let action: () -> Void
  @State private var repeater: Task<Void, Never>?

  var body: some View {
    Image(systemName: symbol)
      .font(.body)
      .frame(width: 52)
      .frame(maxHeight: .infinity)
      .background(KeyBackground(isSpecial: true))
      .contentShape(Rectangle())
      .gesture(
        DragGesture(minimumDistance: 0)
          .onChanged { _ in
            guard repeater == nil else { return }
            action()
            repeater = Task { @MainActor in
              try? await Task.sleep(nanoseconds: 400_000_000)
              while !Task.isCancelled {
                action()
                try? await Task.sleep(nanoseconds: 80_000_000)
              }
            }
          }
          .onEnded { _ in
            repeater?.cancel()
            repeater = nil
          }
      )
      .onDisappear {
        repeater?.cancel()
        repeater = nil
      }
      .accessibilityElement()
      .accessibilityLabel(label)
      .accessibilityAddTraits(.isButton)
      .accessibilityAction { action() }
  }
}

/// The system-style key background, light and dark (character keys are lighter than function keys).
@MainActor
struct KeyBackground: View {
  let isSpecial: Bool

  var body: some View {
    RoundedRectangle(cornerRadius: 6)
      .fill(Color(uiColor: isSpecial ? Self.functionKey : Self.characterKey))
      .shadow(color: .black.opacity(0.3), radius: 0, x: 0, y: 1)
  }

  private static let characterKey = UIColor { traits in
    traits.userInterfaceStyle == .dark ? UIColor(white: 0.42, alpha: 1) : .white
  }
  private static let functionKey = UIColor { traits in
    traits.userInterfaceStyle == .dark ? UIColor(white: 0.27, alpha: 1) : UIColor(white: 0.68, alpha: 1)
  }
}

/// The globe key must be a UIKit control: `handleInputModeList(from:with:)` needs the touch events.
struct GlobeKey: UIViewRepresentable {
  let makeView: () -> UIView

  func makeUIView(context: Context) -> UIView { makeView() }
  func updateUIView(_ uiView: UIView, context: Context) {}
}
