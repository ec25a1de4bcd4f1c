import AppIntents
import PhoneSession
import UtterActivity

/// Utter's actions in Shortcuts, Siri and Spotlight (and so on the Action Button).
struct UtterShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: StartDictationIntent(),
      phrases: ["Dictate with \(.applicationName)", "Start \(.applicationName)", "\(.applicationName) dictation"],
      shortTitle: "Dictate",
      systemImageName: "mic.fill")
    AppShortcut(
      intent: NewNoteIntent(),
      phrases: ["New \(.applicationName) note", "Take a note with \(.applicationName)"],
      shortTitle: "New Note",
      systemImageName: "square.and.pencil")
    AppShortcut(
      intent: EndSessionIntent(),
      phrases: ["End \(.applicationName) session", "Stop \(.applicationName)"],
      shortTitle: "End Session",
      systemImageName: "mic.slash")
  }
}

/// Dictates in Utter and gives the text to the shortcut that ran it, which uses it (so no keyboard types it too).
struct DictateTextIntent: AppIntent {
  static let title: LocalizedStringResource = "Dictate Text"
  static let description = IntentDescription("Opens Utter, listens, and gives the shortcut what you said.")
  static let openAppWhenRun = true

  @MainActor
  func perform() async throws -> some IntentResult & ReturnsValue<String> {
    .result(value: try await ShortcutDictation.shared.text { await IntentRequests.deliver(.startDictation) })
  }
}
