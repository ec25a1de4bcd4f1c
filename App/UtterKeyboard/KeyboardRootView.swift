import KeyboardModel
import SwiftUI

/// The whole keyboard: a dictation panel that follows the session's phase, over a row of typing keys.
@MainActor
struct KeyboardRootView: View {
  @Bindable var session: KeyboardScreenModel
  let globe: () -> UIView
  @State private var showsSymbols = false

  var body: some View {
    VStack(spacing: 6) {
      if !session.fullAccess {
        FullAccessGuide()
      } else if showsSymbols {
        SymbolPad(session: session)
      } else {
        DictationPanel(session: session)
      }
      BottomRow(session: session, showsGlobe: session.showsGlobe, globe: globe, showsSymbols: $showsSymbols)
    }
    .padding(.horizontal, 4)
    .padding(.vertical, 6)
    .frame(maxWidth: .infinity, maxHeight: .infinity)
    .background(Color(uiColor: .clear))
  }
}

/// The upper part of the keyboard for each phase of the dictation.
@MainActor
struct DictationPanel: View {
  @Bindable var session: KeyboardScreenModel

  var body: some View {
    Group {
      switch session.phase {
      case .inactive:
        StartPanel(session: session)
      case .activating(let waitingOn):
        ActivatingPanel(waitingOn: waitingOn)
      case .ready:
        MicrophonePanel(session: session)
      case .listening(let level, let partial):
        ListeningPanel(session: session, level: level, live: session.liveText, partialText: partial, paused: false)
      case .interrupted(let partial):
        ListeningPanel(session: session, level: nil, live: session.liveText, partialText: partial, paused: true)
      case .transcribing(let partial):
        TranscribingPanel(partialText: partial, onCancel: session.tapCancel)
      case .inserted(let dictation):
        InsertedPanel(session: session, dictation: dictation)
      case .failed(let problem):
        MessagePanel(message: problem.message, actionTitle: "OK", action: session.dismissError)
      }
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
    .overlay(alignment: .top) {
      if let notice = session.notice {
        NoticeBanner(text: notice, onDismiss: session.dismissError)
      }
    }
    .animation(.snappy(duration: 0.2), value: session.phase.name)
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
