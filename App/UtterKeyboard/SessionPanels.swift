import DictationValues
import KeyboardModel
import SessionChannel
import SwiftUI

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
    return "Starting Utter… Tap ◀ at the top left of Utter to come back."
  }
}

/// Listening: level waveform, live text (confirmed words, then the volatile reading of the speech going on, dimmed),
/// the microphone and the countdown to the length cap with "Keep going" (`RecordingNote`), cancel ✗ and done ✓ (none
/// for the app's own dictation, which only Utter stops).
@MainActor
struct ListeningPanel: View {
  let session: KeyboardScreenModel
  let level: Double?
  let live: LiveText
  /// The phase's line: the live text, or what the app waits on while there is none (the model loading).
  let partialText: String
  let note: RecordingNote?

  var body: some View {
    VStack(spacing: 8) {
      caption
        .font(.callout)
        .lineLimit(3)
        .truncationMode(.head)
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityLabel(spoken.isEmpty ? "Listening" : spoken)
      if let note {
        HStack(spacing: 8) {
          Text(note.line)
            .font(.footnote)
            .foregroundStyle(.secondary)
            .lineLimit(1)
          Spacer(minLength: 0)
          if note.offersKeepGoing {
            Button("Keep going") { session.send(.keepGoing) }
              .buttonStyle(.bordered)
              .controlSize(.small)
              .accessibilityHint("Records for another full length before it stops")
          }
        }
      }
      HStack(spacing: 12) {
        // NB: the app's own dictation is stopped in Utter; the keyboard's ✗ and ✓ would do nothing.
        let stoppable = note?.isAppsOwn != true
        if stoppable {
          RoundKey(symbol: "xmark", label: "Cancel dictation", tint: .secondary, action: { session.send(.cancel) })
        }
        LevelWaveform(level: level)
          .frame(maxWidth: .infinity, maxHeight: 56)
        if stoppable {
          RoundKey(symbol: "checkmark", label: "Done, insert text", tint: .accentColor, action: { session.send(.stop) })
        }
      }
    }
    .padding(.horizontal, 10)
  }

  private var spoken: String { live.isEmpty ? partialText : live.text }

  private var caption: Text {
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

/// A problem, in one sentence, with a way out (and a second one, when there is one).
@MainActor
struct MessagePanel: View {
  let message: String
  let actionTitle: String
  let action: () -> Void
  var secondaryTitle: String? = nil
  var secondary: (() -> Void)? = nil

  var body: some View {
    VStack(spacing: 12) {
      Text(message)
        .font(.callout)
        .multilineTextAlignment(.center)
      HStack(spacing: 12) {
        if let secondaryTitle, let secondary {
          Button(secondaryTitle, action: secondary)
            .buttonStyle(.bordered)
        }
        Button(actionTitle, action: action)
          .buttonStyle(.borderedProminent)
      }
    }
    .padding(.horizontal, 16)
  }
}
