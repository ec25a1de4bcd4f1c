import AppIntents

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
