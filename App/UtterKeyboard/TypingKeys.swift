import KeyboardModel
import SwiftUI
import UIKit

/// The keys `TypingModel.rows` lists for the page, shift and language, drawn row by row. Every press goes to the
/// session, which edits the field; the views only draw and report touches.
@MainActor
struct TypingKeys: View {
  let session: KeyboardScreenModel
  let controls: KeyboardControls
  let geometry: KeyboardGeometry
  @Binding var accents: [String]

  var body: some View {
    let model = session.typing.typing
    GeometryReader { proxy in
      // NB: a number or decimal pad is three wide keys a row; the globe's place stays when iOS hides the globe.
      let columns: CGFloat = model.isPad ? 3 : 10
      let unit = (proxy.size.width - (columns - 1) * Self.gap) / columns
      VStack(spacing: geometry.rowGap) {
        ForEach(Array(model.rows.enumerated()), id: \.offset) { _, row in
          HStack(spacing: Self.gap) {
            ForEach(Array(row.enumerated()), id: \.offset) { _, key in
              keyView(key, model: model, unit: unit)
            }
          }
          .frame(maxWidth: .infinity, alignment: model.isPad ? .trailing : .center)
          .frame(height: geometry.rowHeight)
        }
      }
    }
  }

  static let gap: CGFloat = 6

  @ViewBuilder
  private func keyView(_ key: TypingModel.Key, model: TypingModel, unit: CGFloat) -> some View {
    switch key {
    case .character(let character):
      CharacterKey(title: character, width: unit * CGFloat(key.widthInLetters)) {
        press(.character(character))
      } onLongPress: {
        let options = model.accents(for: character)
        if !options.isEmpty {
          controls.keyPressed()
          accents = options
        }
      }
    case .shift:
      FunctionKey(
        symbol: model.shift == .locked ? "capslock.fill" : model.shift == .once ? "shift.fill" : "shift",
        label: "Shift", width: unit * 1.35, highlighted: model.shift != .off
      ) { press(.shift) }
    case .delete:
      DeleteKey(width: model.isPad ? unit : unit * 1.35) {
        press(.delete)
      } onRepeat: { count in
        controls.keyPressed()
        session.send(.holdDelete(repeat: count))
      }
    case .space:
      SpaceKey(title: spaceTitle(model.language)) {
        press(.space)
      } onDrag: { points in
        session.dragSpace(by: points)
      }
    case .returnKey:
      FunctionKey(title: model.returnLabel, label: model.returnLabel, width: unit * 2.2) { press(.returnKey) }
    case .page(let page):
      FunctionKey(
        title: page == .letters ? "ABC" : page == .numbers ? "123" : "#+=",
        label: page == .letters ? "Letters" : page == .numbers ? "Numbers" : "Symbols",
        width: unit * 1.35
      ) { press(.page(page)) }
    case .nextKeyboard:
      if session.showsGlobe {
        GlobeKey(makeView: controls.makeGlobe)
          .frame(width: model.isPad ? unit : unit * 1.1)
          .frame(maxHeight: .infinity)
          .background(KeyBackground(isSpecial: true))
      }
    }
  }

  private func press(_ key: TypingModel.Key) {
    accents = []
    controls.keyPressed()
    session.send(.key(key))
  }

  private func spaceTitle(_ language: String?) -> String {
    KeyboardLanguage.choices.first { $0.code == language?.prefix(2).lowercased() }?.name ?? "space"
  }
}

/// A letter, digit or sign: types on release; held, it offers the letter's accents in the bar.
@MainActor
struct CharacterKey: View {
  let title: String
  let width: CGFloat
  let action: () -> Void
  let onLongPress: () -> Void

  var body: some View {
    Text(title)
      .font(.system(size: 22))
      .minimumScaleFactor(0.6)
      .lineLimit(1)
      .frame(width: width)
      .frame(maxHeight: .infinity)
      .background(KeyBackground(isSpecial: false))
      .foregroundStyle(Color(uiColor: .label))
      .contentShape(Rectangle())
      .onTapGesture(perform: action)
      .onLongPressGesture(minimumDuration: 0.4, perform: onLongPress)
      .accessibilityElement()
      .accessibilityLabel(title)
      .accessibilityAddTraits([.isButton, .isKeyboardKey])
      .accessibilityAction { action() }
  }
}

/// Shift, the page keys and return.
@MainActor
struct FunctionKey: View {
  var title: String? = nil
  var symbol: String? = nil
  let label: String
  let width: CGFloat
  var highlighted = false
  let action: () -> Void

  var body: some View {
    Button(action: action) {
      Group {
        if let symbol { Image(systemName: symbol) } else { Text(title ?? "").font(.callout) }
      }
      .lineLimit(1)
      .minimumScaleFactor(0.6)
      .frame(width: width)
      .frame(maxHeight: .infinity)
      .background(KeyBackground(isSpecial: !highlighted))
      .foregroundStyle(Color(uiColor: .label))
    }
    .buttonStyle(.plain)
    .accessibilityLabel(label)
    .accessibilityAddTraits(.isKeyboardKey)
  }
}

/// Delete: once on touch, then, held, `onRepeat(0)`, `onRepeat(1)`, … at `TypingModel.deleteRepeatInterval` after
/// `deleteRepeatDelay` (the session deletes words once the repeats pass ten, `TypingModel.heldDelete`).
@MainActor
struct DeleteKey: View {
  let width: CGFloat
  let action: () -> Void
  let onRepeat: (Int) -> Void
  @State private var repeater: Task<Void, Never>?

  var body: some View {
    Image(systemName: "delete.left")
      .frame(width: width)
      .frame(maxHeight: .infinity)
      .background(KeyBackground(isSpecial: true))
      .foregroundStyle(Color(uiColor: .label))
      .contentShape(Rectangle())
      .gesture(
        DragGesture(minimumDistance: 0)
          .onChanged { _ in
            guard repeater == nil else { return }
            action()
            repeater = Task { @MainActor in
              try? await Task.sleep(nanoseconds: UInt64(TypingModel.deleteRepeatDelay * 1e9))
              var count = 0
              while !Task.isCancelled {
                onRepeat(count)
                count += 1
                try? await Task.sleep(nanoseconds: UInt64(TypingModel.deleteRepeatInterval * 1e9))
              }
            }
          }
          .onEnded { _ in stop() }
      )
      .onDisappear(perform: stop)
      .accessibilityElement()
      .accessibilityLabel("Delete")
      .accessibilityAddTraits([.isButton, .isKeyboardKey])
      .accessibilityAction { action() }
  }

  private func stop() {
    repeater?.cancel()
    repeater = nil
  }
}

/// Space: a tap types a space (two make ". "); dragged sideways it moves the cursor, as iPhone's space bar does.
@MainActor
struct SpaceKey: View {
  let title: String
  let action: () -> Void
  /// Points dragged since the last call.
  let onDrag: (Double) -> Void
  @State private var applied: CGFloat?

  var body: some View {
    Text(title)
      .font(.callout)
      .frame(maxWidth: .infinity, maxHeight: .infinity)
      .background(KeyBackground(isSpecial: false))
      .foregroundStyle(Color(uiColor: .secondaryLabel))
      .contentShape(Rectangle())
      .gesture(
        DragGesture(minimumDistance: 0)
          .onChanged { drag in
            let moved = drag.translation.width
            // NB: a wobble under `spaceDragThreshold` points is still a tap.
            guard applied != nil || abs(moved) > TypingModel.spaceDragThreshold else { return }
            let from = applied ?? 0
            let steps = TypingModel.cursorSteps(forDrag: Double(moved - from))
            guard steps != 0 else {  // rule: KeyboardModel.TypingModel.cursorSteps
              if applied == nil { applied = 0 }
              return
            }
            onDrag(Double(moved - from))
            applied = from + CGFloat(Double(steps) * TypingModel.pointsPerCursorStep)
          }
          .onEnded { _ in
            if applied == nil { action() }
            applied = nil
          }
      )
      .accessibilityElement()
      .accessibilityLabel("Space")
      .accessibilityAddTraits([.isButton, .isKeyboardKey])
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
