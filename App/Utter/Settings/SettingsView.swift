import AppSettings
import Dictation
import DictationValues
import PhoneSession
import SpeechReading
import Storage
import SwiftUI

/// Every preference: engine and model, language, keys, polish, session, feedback, history.
@MainActor
struct SettingsView: View {
  @Environment(AppModel.self) private var model

  var body: some View {
    Form {
      Section("Speech") {
        NavigationLink {
          EngineSettingsView()
        } label: {
          LabeledContent("Engine", value: engineSummary)
        }
        Picker("Language", selection: binding(\.language)) {
          Text("Detect automatically").tag(LanguageChoice.automatic)
          ForEach(OfferedLanguage.all) { language in Text(language.name).tag(language.code) }
        }
      }
      Section {
        NavigationLink {
          PolishSettingsView()
        } label: {
          LabeledContent(
            "Polish", value: model.settings.activePolishProvider ?? "Off")
        }
        NavigationLink("API keys") { KeysView() }
      } header: {
        Text("Cloud and AI")
      } footer: {
        Text(PrivacyPolicy.keysInTheKeychain)
      }
      Section {
        picker(
          "Keep the microphone ready", \.sessionTimeout,
          [
            ("After each dictation", .afterEachDictation), ("5 minutes", .fiveMinutes),
            ("15 minutes", .fifteenMinutes), ("1 hour", .oneHour), ("Until I end it", .never),
          ])
        picker(
          "Microphone in Utter", \.microphone,
          [("Automatic", .automatic), ("iPhone", .iPhone), ("Headset or AirPods", .headset)])
        picker(
          "End a dictation when I stop", \.endOfSpeechSeconds,
          EndOfSpeech.choices.map { (LocalizedStringKey(EndOfSpeech.choiceLabel($0)), $0) })
        picker(
          "Longest dictation", \.maxRecordingSeconds,
          [("1 minute", 60), ("5 minutes", 300), ("10 minutes", 600), ("30 minutes", 1800), ("1 hour", 3600)])
        Toggle("Lower other audio while I speak in Utter", isOn: binding(\.duckOthers))
        picker(
          "Free the speech model", \.unloadModelAfterSeconds,
          [("After 2 minutes", 120), ("After 10 minutes", 600), ("After 1 hour", 3600), ("Never", 0)])
        Toggle("Sounds", isOn: binding(\.sounds))
        Toggle("Haptics", isOn: binding(\.haptics))
      } header: {
        Text("Keyboard session")
      } footer: {
        Text(Self.sessionFooter)
      }
      Section {
        Toggle("Copy each dictation", isOn: binding(\.autoCopy))
      } header: {
        Text("Dictating outside the keyboard")
      } footer: {
        Text(
          "Text you dictate from the widget, Siri, Control Center or the Action Button is typed by Utter's keyboard "
            + "the next time it appears, within \(pendingWindow), while the microphone is ready. Copying also puts "
            + "every dictation on the clipboard, to paste anywhere: Utter copies what you dictate in it, the keyboard "
            + "what it types.")
      }
      Section("History") {
        picker(
          "Keep history", \.retention,
          HistoryRetention.allCases.map { (title: LocalizedStringKey($0.title), value: $0) })
        Toggle("Keep audio for retry", isOn: binding(\.keepAudio))
        DeleteHistoryButton()
      }
      Section {
        Toggle("Learn from my corrections", isOn: binding(\.learnWords))
      } header: {
        Text("Dictionary")
      } footer: {
        Text(
          "When you fix a misheard name in dictated text twice, Utter adds it to your dictionary. Off, or with "
            + "history off, nothing is learned or kept.")
      }
      Section("Appearance") {
        picker("Theme", \.appearance, [("System", .system), ("Light", .light), ("Dark", .dark)])
      }
      Section {
        NavigationLink("Privacy") { PrivacyView() }
        Button("Show onboarding again") { model.onboardingComplete = false }
      }
      Section {
        NavigationLink("About Utter") { AboutView() }
      }
    }
    .navigationTitle("Settings")
  }

  private var engineSummary: String { model.settings.engineChoice.title }

  private var pendingWindow: String {
    Duration.seconds(model.settings.pendingOfferWindowSeconds).formatted(.units(allowed: [.minutes, .seconds]))
  }

  /// A picker for one setting, offering `choices` in order, each shown by its title.
  /// What the keyboard session's settings do, the microphone's as the audio policy decides it.
  private static let sessionFooter = [
    "The orange dot shows while the microphone is ready. \"After each dictation\" turns it off every time; the next "
      + "dictation opens Utter again.",
    AudioRoutePolicy.microphoneChoiceNote,
    "A freed model loads again while you speak. A dictation set to end when you stop ends after that much quiet "
      + "following your words, never in a pause before you have spoken. Near its longest, a dictation counts down on "
      + "the keyboard, and Keep going records as long again, once.",
  ].joined(separator: " ")

  private func picker<Value: Hashable>(
    _ title: LocalizedStringKey, _ keyPath: WritableKeyPath<UtterSettings, Value>,
    _ choices: [(title: LocalizedStringKey, value: Value)]
  ) -> some View {
    Picker(title, selection: binding(keyPath)) {
      ForEach(choices, id: \.value) { choice in Text(choice.title).tag(choice.value) }
    }
  }

  private func binding<Value>(_ keyPath: WritableKeyPath<UtterSettings, Value>) -> Binding<Value> {
    Binding(
      get: { model.settings[keyPath: keyPath] },
      set: { value in model.updateSettings { $0[keyPath: keyPath] = value } })
  }
}

/// Deletes all history after confirmation.
@MainActor
struct DeleteHistoryButton: View {
  @Environment(AppModel.self) private var model
  @State private var confirming = false

  var body: some View {
    Button("Delete all history", role: .destructive) { confirming = true }
      .confirmationDialog("Delete every dictation and its audio?", isPresented: $confirming, titleVisibility: .visible)
    {
      Button("Delete all", role: .destructive) { _ = try? model.database?.deleteAllHistory() }
    }
  }
}
