import KeyboardModel
import SessionChannel
import SwiftUI

/// No session yet: one button opens Utter to start one.
@MainActor
struct StartPanel: View {
  let session: KeyboardScreenModel

  var body: some View {
    VStack(spacing: 10) {
      Button(action: session.tapMicrophone) {
        Label("Start Utter", systemImage: "mic.fill")
          .font(.title3.weight(.semibold))
          .frame(maxWidth: .infinity, minHeight: 56)
      }
      .buttonStyle(.borderedProminent)
      .accessibilityHint("Opens the Utter app to turn on the microphone, then come back here")
      Text("Utter opens for a moment to turn on the microphone. Swipe back to keep typing.")
        .font(.footnote)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
    }
    .padding(.horizontal, 12)
  }
}

/// The app is getting ready (permission, model, audio).
@MainActor
struct ActivatingPanel: View {
  let waitingOn: [HostPrecondition]

  var body: some View {
    VStack(spacing: 10) {
      ProgressView()
      Text(message)
        .font(.callout)
        .multilineTextAlignment(.center)
    }
    .accessibilityElement(children: .combine)
    .padding(.horizontal, 12)
  }

  private var message: String {
    if waitingOn.contains(.microphonePermission) { return "Allow the microphone in Utter, then come back." }
    if waitingOn.contains(.modelLoading) { return "Utter is loading its speech model…" }
    if waitingOn.contains(.recovering) { return "Utter is recovering your last dictation…" }
    return "Starting Utter… Tap ◀ at the top left of Utter to come back."
  }
}

/// Ready: one big microphone key.
@MainActor
struct MicrophonePanel: View {
  let session: KeyboardScreenModel

  var body: some View {
    VStack(spacing: 6) {
      Button(action: session.tapMicrophone) {
        Image(systemName: "mic.fill")
          .font(.system(size: 34, weight: .semibold))
          .frame(width: 96, height: 96)
          .background(Circle().fill(Color.accentColor))
          .foregroundStyle(.white)
      }
      .buttonStyle(.plain)
      .accessibilityLabel("Dictate")
      .accessibilityHint("Starts listening. Tap done when you finish speaking.")
      Button("End session", action: session.tapEndSession)
        .font(.footnote)
        .accessibilityHint("Turns Utter's microphone off")
    }
  }
}

/// Listening: level waveform, live text (confirmed words, then the volatile reading of the speech going on, dimmed),
/// cancel ✗ and done ✓.
@MainActor
struct ListeningPanel: View {
  let session: KeyboardScreenModel
  let level: Double?
  let live: LiveText
  /// The one-line text of an app that does not publish live text.
  let partialText: String
  let paused: Bool

  var body: some View {
    VStack(spacing: 8) {
      caption
        .font(.callout)
        .lineLimit(3)
        .truncationMode(.head)
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityLabel(paused ? "Paused" : (spoken.isEmpty ? "Listening" : spoken))
      HStack(spacing: 12) {
        RoundKey(symbol: "xmark", label: "Cancel dictation", tint: .secondary, action: session.tapCancel)
        LevelWaveform(level: paused ? nil : level)
          .frame(maxWidth: .infinity, maxHeight: 56)
        RoundKey(symbol: "checkmark", label: "Done, insert text", tint: .accentColor, action: session.tapDone)
      }
    }
    .padding(.horizontal, 10)
  }

  private var spoken: String { live.isEmpty ? partialText : live.text }

  private var caption: Text {
    if paused { return Text("Paused for a call or Siri — resumes by itself.").foregroundColor(.secondary) }
    if live.isEmpty {
      return partialText.isEmpty ? Text("Listening…").foregroundColor(.secondary) : Text(partialText)
    }
    let confirmed = Text(live.confirmed).foregroundColor(.primary)
    guard !live.volatile.isEmpty else { return confirmed }
    return confirmed + Text((live.confirmed.isEmpty ? "" : " ") + live.volatile).foregroundColor(.secondary)
  }
}

/// Transcribing the last words.
@MainActor
struct TranscribingPanel: View {
  let partialText: String
  let onCancel: () -> Void

  var body: some View {
    VStack(spacing: 10) {
      if !partialText.isEmpty {
        Text(partialText)
          .font(.callout)
          .lineLimit(3)
          .truncationMode(.head)
          .frame(maxWidth: .infinity, alignment: .leading)
      }
      HStack(spacing: 8) {
        ProgressView()
        Text("Writing…").font(.callout)
        Spacer()
        Button("Cancel", action: onCancel)
      }
    }
    .padding(.horizontal, 12)
    .accessibilityElement(children: .combine)
  }
}

/// Inserted: undo and "use raw text" until the user types.
@MainActor
struct InsertedPanel: View {
  let session: KeyboardScreenModel
  let dictation: InsertedDictation

  var body: some View {
    VStack(spacing: 10) {
      if let notice = dictation.notice {
        Label(notice, systemImage: "exclamationmark.bubble")
          .font(.footnote)
          .foregroundStyle(.secondary)
          .lineLimit(2)
          .padding(.horizontal, 12)
      }
      HStack(spacing: 10) {
        Button(action: session.tapUndo) {
          Label("Undo", systemImage: "arrow.uturn.backward")
        }
        .buttonStyle(.bordered)
        .accessibilityHint("Removes the text just inserted")
        if dictation.canUseRawText {
          Button(action: session.tapUseRaw) {
            Label("Use raw text", systemImage: "text.quote")
          }
          .buttonStyle(.bordered)
          .accessibilityHint("Replaces the cleaned-up text with exactly what you said")
        }
      }
      Button(action: session.tapMicrophone) {
        Image(systemName: "mic.fill")
          .font(.system(size: 26, weight: .semibold))
          .frame(width: 72, height: 72)
          .background(Circle().fill(Color.accentColor))
          .foregroundStyle(.white)
      }
      .buttonStyle(.plain)
      .accessibilityLabel("Dictate again")
    }
  }
}

/// A problem, in one sentence, with a way out.
@MainActor
struct MessagePanel: View {
  let message: String
  let actionTitle: String
  let action: () -> Void

  var body: some View {
    VStack(spacing: 12) {
      Text(message)
        .font(.callout)
        .multilineTextAlignment(.center)
      Button(actionTitle, action: action)
        .buttonStyle(.bordered)
    }
    .padding(.horizontal, 16)
  }
}

/// Full Access is off: explain why it is needed and what is never collected, instead of a dead button.
@MainActor
struct FullAccessGuide: View {
  var body: some View {
    ScrollView {
      VStack(alignment: .leading, spacing: 6) {
        Text("Turn on Full Access to dictate").font(.headline)
        Text(
          "Settings › General › Keyboard › Keyboards › Utter › Allow Full Access. The keyboard needs it only to "
            + "talk to the Utter app on this iPhone, which holds the microphone."
        )
        .font(.footnote)
        Text("Utter's keyboard never sends what you type anywhere and has no network access of its own.")
          .font(.footnote)
          .foregroundStyle(.secondary)
      }
      .frame(maxWidth: .infinity, alignment: .leading)
      .padding(12)
    }
    .accessibilityElement(children: .combine)
  }
}
