import Dictation
import DictationValues
import PhoneSession
import SessionChannel
import SwiftUI

/// A microphone button that records in the app (through the flow session's host, with live text), then shows the
/// text with copy and share; kept as a note when `asNote`.
@MainActor
struct DictationControl: View {
  @Bindable var dictation: AppDictation
  let asNote: Bool
  @Environment(AppModel.self) private var model

  var body: some View {
    VStack(spacing: 16) {
      switch dictation.phase {
      case .idle:
        micButton
      case .starting:
        ProgressView("Starting the microphone…")
      case .listening:
        VStack(spacing: 10) {
          LevelBar(level: dictation.level)
          Text(Duration.seconds(dictation.seconds).formatted(.time(pattern: .minuteSecond)))
            .monospacedDigit()
            .foregroundStyle(.secondary)
          if !dictation.liveText.isEmpty {
            (Text(dictation.liveText.confirmed) + Text(" " + dictation.liveText.volatile).foregroundColor(.secondary))
              .frame(maxWidth: .infinity, alignment: .leading)
          }
          HStack(spacing: 24) {
            Button("Cancel", role: .cancel) { dictation.cancel() }
            Button {
              dictation.finish()
            } label: {
              Label("Done", systemImage: "checkmark.circle.fill").font(.title3.bold())
            }
            .buttonStyle(.borderedProminent)
          }
        }
      case .transcribing:
        HStack(spacing: 8) {
          ProgressView()
          Text("Writing…")
        }
      case .done(let text, let raw, _):
        ResultCard(text: text, raw: raw)
        micButton
      case .failed(let message):
        Text(message).foregroundStyle(.red).multilineTextAlignment(.center)
        micButton
      }
    }
    .frame(maxWidth: .infinity)
    .onChange(of: dictation.phase) { _, phase in
      guard asNote, case .done(let text, _, let id) = phase else { return }
      do {
        _ = try model.database?.addNote(text, sourceHistoryUUID: id)
      } catch {
        model.banner = "The note could not be saved: \(UserMessage.of(error))"
      }
    }
  }

  private var micButton: some View {
    Button {
      dictation.start()
    } label: {
      Image(systemName: "mic.fill")
        .font(.system(size: 34, weight: .semibold))
        .frame(width: 96, height: 96)
        .background(Circle().fill(Color.accentColor))
        .foregroundStyle(.white)
    }
    .buttonStyle(.plain)
    .accessibilityLabel("Dictate")
  }
}

/// The dictated text, selectable, with copy, share and the raw version.
@MainActor
struct ResultCard: View {
  let text: String
  let raw: String
  @State private var showsRaw = false

  var body: some View {
    VStack(alignment: .leading, spacing: 10) {
      Text(showsRaw ? raw : text)
        .textSelection(.enabled)
        .frame(maxWidth: .infinity, alignment: .leading)
      HStack {
        Button {
          UIPasteboard.general.string = showsRaw ? raw : text
        } label: {
          Label("Copy", systemImage: "doc.on.doc")
        }
        ShareLink(item: showsRaw ? raw : text)
        Spacer()
        if raw != text {
          Toggle("Raw", isOn: $showsRaw).toggleStyle(.button)
        }
      }
      .font(.callout)
    }
    .padding()
    .background(RoundedRectangle(cornerRadius: 14).fill(Color(uiColor: .secondarySystemBackground)))
  }
}

/// A simple level bar for in-app dictation.
@MainActor
struct LevelBar: View {
  let level: Double?

  var body: some View {
    GeometryReader { geometry in
      Capsule()
        .fill(Color.secondary.opacity(0.2))
        .overlay(alignment: .leading) {
          Capsule()
            .fill(Color.accentColor)
            .frame(width: geometry.size.width * fraction)
        }
    }
    .frame(height: 8)
    .animation(.linear(duration: 0.1), value: fraction)
    .accessibilityHidden(true)
  }

  private var fraction: CGFloat {
    guard let level else { return 0 }
    return CGFloat(min(1, max(0, (level + 50) / 50)))
  }
}
