import DictationValues
import KeyboardModel
import SwiftUI

/// The bar over the keys: the language and style switch, then what fits the moment (a long-pressed letter's
/// accents, undo after a dictation, or suggestions for the word being typed), then the mic.
@MainActor
struct KeyboardBar: View {
  @Bindable var session: KeyboardScreenModel
  let controls: KeyboardControls
  @Binding var accents: [String]

  var body: some View {
    HStack(spacing: 6) {
      ModeMenu(session: session)
      middle
        .frame(maxWidth: .infinity)
      MicrophoneKey(session: session)
    }
    .padding(.horizontal, 4)
  }

  @ViewBuilder private var middle: some View {
    if !accents.isEmpty {
      HStack(spacing: 4) {
        ForEach(accents, id: \.self) { accent in
          BarButton(title: accent) {
            controls.keyPressed()
            session.send(.key(.character(accent)))
            accents = []
          }
        }
      }
    } else if case .inserted(let dictation) = session.phase {
      InsertedActions(session: session, dictation: dictation)
    } else if !session.phase.coversKeys {
      let typing = session.typing
      let words = session.suggestions(candidates: controls.candidates(typing.word, typing.typing.language))
      HStack(spacing: 0) {
        ForEach(words, id: \.self) { word in
          BarButton(title: word) {
            controls.keyPressed()
            session.send(.suggestion(word))
          }
          .frame(maxWidth: .infinity)
        }
      }
    }
  }
}

/// A word or a sign in the bar.
@MainActor
struct BarButton: View {
  let title: String
  let action: () -> Void

  var body: some View {
    Button(action: action) {
      Text(title)
        .font(.body)
        .lineLimit(1)
        .minimumScaleFactor(0.7)
        .padding(.horizontal, 8)
        .frame(minWidth: 36, maxHeight: .infinity)
        .contentShape(Rectangle())
    }
    .buttonStyle(.plain)
    .foregroundStyle(Color(uiColor: .label))
  }
}

/// Undo and "use raw text" after a dictation, with the line of an optional step that failed.
@MainActor
struct InsertedActions: View {
  let session: KeyboardScreenModel
  let dictation: InsertedDictation

  var body: some View {
    HStack(spacing: 8) {
      Button(action: { session.send(.undo) }) {
        Label("Undo", systemImage: "arrow.uturn.backward")
      }
      .accessibilityHint("Removes the text just inserted")
      if dictation.canUseRawText {
        Button(action: { session.send(.useRaw) }) {
          Label("Raw", systemImage: "text.quote")
        }
        .accessibilityHint("Replaces the cleaned-up text with exactly what you said")
      }
      if let notice = dictation.notice {
        Text(notice)
          .font(.caption)
          .foregroundStyle(.secondary)
          .lineLimit(2)
      }
    }
    .buttonStyle(.bordered)
    .controlSize(.small)
  }
}

/// The mic: starts a dictation as it is pressed (opening Utter the first time); held, letting go sends it (hold to
/// talk); tapped, the dictation goes on until ✓ finishes it. Its symbol and label say what a tap does now
/// (`MicAction`): record, open Utter to start a session, Full Access needed, or wait.
@MainActor
struct MicrophoneKey: View {
  let session: KeyboardScreenModel
  @State private var press = MicPress()
  /// The touch began on ✓: its lift finishes the dictation.
  @State private var liftFinishes = false
  @GestureState private var fingerOnKey = false

  var body: some View {
    Image(systemName: look.symbol)
      .font(.system(size: 17, weight: .semibold))
      .frame(width: 44, height: 34)
      .background(Capsule().fill(look.prominent ? Color.accentColor : Color(uiColor: .systemGray)))
      .foregroundStyle(.white)
      .contentShape(Capsule())
      // NB: not `onLongPressGesture(minimumDuration: 0, …, onPressingChanged:)`: that gesture succeeds at touch-down,
      // so "released" came at once and every hold was a tap. A drag of distance 0 changes at touch-down and as the
      // finger moves, and ends when it lifts; `onEnded` runs only when it ends successfully, so a cancelled touch
      // ends with the gesture state's reset. https://developer.apple.com/documentation/swiftui/draggesture
      // https://developer.apple.com/documentation/swiftui/draggesture/minimumdistance
      // https://developer.apple.com/documentation/swiftui/gesture/onended(_:)
      .gesture(
        DragGesture(minimumDistance: 0)
          .updating($fingerOnKey) { _, onKey, _ in onKey = true }
          .onChanged { touched(at: $0.time) }
          .onEnded { lifted(at: $0.time) }
      )
      .onChange(of: fingerOnKey) { _, onKey in
        if !onKey { lifted(at: Date()) }
      }
      .accessibilityAddTraits(.isButton)
      .accessibilityAction { tap() }
      .accessibilityLabel(look.label)
      .accessibilityHint(look.hint)
  }

  private var action: MicAction {
    session.phase.micAction(fullAccess: session.fullAccess, hasSelection: session.hasSelection)
  }

  private var look: (symbol: String, label: String, hint: String, prominent: Bool) { action.look }

  private func tap() {
    if action == .finish { session.send(.stop) } else { session.tapMicrophone() }
  }

  /// Down: a dictation starts (✓ when one is running waits for the finger to lift).
  private func touched(at date: Date) {
    guard press.touched(at: date) else { return }
    liftFinishes = action == .finish
    if !liftFinishes { session.tapMicrophone() }
  }

  /// Up: ✓ finishes; else the model decides from how long it was held whether that sends the dictation.
  private func lifted(at date: Date) {
    guard let held = press.lifted(at: date) else { return }
    session.send(liftFinishes ? .stop : .release(heldSeconds: held))
    liftFinishes = false
  }
}

/// The language and style switch: automatic (the conversation's language, the app's style) or one picked here.
@MainActor
struct ModeMenu: View {
  let session: KeyboardScreenModel

  var body: some View {
    Menu {
      Section("Language") {
        choice("Automatic", selected: session.pickedLanguage == nil) { pick(language: nil) }
        ForEach(KeyboardLanguage.choices, id: \.code) { language in
          choice(language.name, selected: session.pickedLanguage == language.code) { pick(language: language.code) }
        }
      }
      Section("Style") {
        choice("Automatic", selected: session.pickedStyle == nil) { pick(style: nil) }
        ForEach(session.settings.styleChoices, id: \.name) { style in
          choice(style.title, selected: session.pickedStyle == style.name) { pick(style: style.name) }
        }
      }
      if session.phase.offersEndSession {
        Button(action: { session.send(.endSession) }) {
          Label("End Utter session", systemImage: "mic.slash")
        }
      }
    } label: {
      Text(KeyboardLanguage.label(session.typing.typing.language))
        .font(.footnote.weight(.semibold))
        .frame(minWidth: 40, minHeight: 30)
        .background(KeyBackground(isSpecial: true))
        .foregroundStyle(Color(uiColor: .label))
    }
    .accessibilityLabel("Language and style")
  }

  private func choice(_ title: String, selected: Bool, action: @escaping () -> Void) -> some View {
    Button(action: action) {
      if selected { Label(title, systemImage: "checkmark") } else { Text(title) }
    }
  }

  private func pick(language: String?) {
    session.pickLanguage(language)
    KeyboardPicks.save(language: language, style: session.pickedStyle)
  }

  private func pick(style: String?) {
    session.pickStyle(style)
    KeyboardPicks.save(language: session.pickedLanguage, style: style)
  }
}

/// The language and style last picked on the keyboard, kept in the extension's own defaults (no Full Access needed).
enum KeyboardPicks {
  private static let languageKey = "keyboard.picked-language"
  private static let styleKey = "keyboard.picked-style"

  static var language: String? { UserDefaults.standard.string(forKey: languageKey) }
  static var style: String? { UserDefaults.standard.string(forKey: styleKey) }

  static func save(language: String?, style: String?) {
    UserDefaults.standard.set(language, forKey: languageKey)
    UserDefaults.standard.set(style, forKey: styleKey)
  }
}
