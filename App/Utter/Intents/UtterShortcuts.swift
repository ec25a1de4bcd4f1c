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

/// Dictates in Utter and gives the text to the shortcut that ran it, which uses it (so no keyboard types it too). A
/// dictation still going at `ShortcutDictation.answerDeadline` goes on in Utter and its text to the cursor.
struct DictateTextIntent: ForegroundIntent {
  static let title: LocalizedStringResource = "Dictate Text"
  static let description = IntentDescription(
    "Opens Utter, listens, and gives the shortcut what you said within 25 seconds; a longer dictation goes on in Utter."
  )

  /// NB: a dictation past the deadline throws `ShortcutDictationError.goesOnInUtter` rather than returning its line as
  /// the value: Shortcuts shows a thrown error's message and stops, whereas a value would flow into the next action
  /// (a message sent, a note appended) as if the user had said it.
  @MainActor
  func perform() async throws -> some IntentResult & ReturnsValue<String> {
    .result(value: try await ShortcutDictation.shared.text { await IntentRequests.deliver(.startDictation) })
  }
}
