import KeyboardModel
import SwiftUI
import UIKit

/// What the views ask of the extension's controller: UIKit's globe key, Settings, a key's click and tap, and the
/// spell checker's words.
@MainActor
struct KeyboardControls {
  let makeGlobe: () -> UIView
  let openSettings: () -> Void
  let keyPressed: () -> Void
  /// The checker's corrections and completions for a word, in a language (`KeyboardLanguage` code).
  let candidates: (_ word: String, _ language: String?) -> [String]
}

/// The whole keyboard: the bar (the mic, suggestions, language and style) over the key area, which the dictation
/// panel takes over while the app starts, records or writes (`KeyboardPhase.coversKeys`). Both keep the heights
/// `KeyboardGeometry` gives them in every phase, so nothing jumps when a dictation starts or ends.
@MainActor
struct KeyboardRootView: View {
  @Bindable var session: KeyboardScreenModel
  let controls: KeyboardControls
  /// The accents a long-pressed letter offers; the bar shows them until one is picked.
  @State private var accents: [String] = []

  var body: some View {
    let geometry = session.geometry
    VStack(spacing: 0) {
      KeyboardBar(session: session, controls: controls, accents: $accents)
        .frame(height: geometry.barHeight)
      Group {
        if session.phase.coversKeys {
          DictationPanel(session: session, openSettings: controls.openSettings)
            .overlay(alignment: .bottomLeading) {
              // NB: where iOS asks for a globe (`needsInputModeSwitchKey`: iPhones with a Home button), the way to
              // the next keyboard stays while the panel covers the keys, as Apple's keyboards keep it.
              if session.showsGlobe {
                GlobeKey(makeView: controls.makeGlobe)
                  .frame(width: 40, height: 40)
                  .background(KeyBackground(isSpecial: true))
              }
            }
        } else {
          TypingKeys(session: session, controls: controls, geometry: geometry, accents: $accents)
        }
      }
      .frame(height: geometry.keyAreaHeight)
    }
    .padding(.horizontal, 3)
    .padding(.bottom, 8)
    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    .overlay(alignment: .top) {
      if let notice = session.notice {
        NoticeBanner(text: notice, onDismiss: session.dismissError)
      }
    }
    .animation(.snappy(duration: 0.2), value: session.phase.coversKeys)
  }
}

/// The key area while a dictation runs, or a problem to read.
@MainActor
struct DictationPanel: View {
  @Bindable var session: KeyboardScreenModel
  let openSettings: () -> Void

  var body: some View {
    Group {
      switch session.phase {
      case .activating(let waitingOn):
        ActivatingPanel(waitingOn: waitingOn)
      case .listening(let level, let partial, let note):
        ListeningPanel(session: session, level: level, live: session.liveText, partialText: partial, note: note)
      case .interrupted(let pause):
        MessagePanel(
          message: pause.message, actionTitle: pause == .needsApp ? "Open Utter" : "Back to the keys",
          action: pause == .needsApp ? session.tapMicrophone : { session.send(.cancel) })
      case .transcribing(let partial):
        TranscribingPanel(partialText: partial, onCancel: { session.send(.cancel) })
      case .failed(.needsFullAccess) where session.withoutFullAccess.canOpenURLs:
        MessagePanel(
          message: session.withoutFullAccess.message, actionTitle: "Open Settings", action: openSettings,
          secondaryTitle: "Back to the keys", secondary: session.dismissError)
      case .failed(.needsFullAccess):
        // NB: from iOS 26 a keyboard without Full Access opens no URL (KeyboardWithoutFullAccess): the steps show.
        MessagePanel(
          message: session.withoutFullAccess.message, actionTitle: "Back to the keys", action: session.dismissError)
      case .failed(let problem):
        MessagePanel(message: problem.message, actionTitle: "OK", action: session.dismissError)
      case .inactive, .ready, .inserted:
        EmptyView()
      }
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}

/// A one-line notice from the keyboard itself, dismissible.
@MainActor
struct NoticeBanner: View {
  let text: String
  let onDismiss: () -> Void

  var body: some View {
    HStack(alignment: .top) {
      Text(text)
        .font(.footnote)
        .fixedSize(horizontal: false, vertical: true)
      Spacer(minLength: 8)
      Button(action: onDismiss) {
        Image(systemName: "xmark")
      }
      .accessibilityLabel("Dismiss")
    }
    .padding(10)
    .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
    .padding(.horizontal, 6)
  }
}
