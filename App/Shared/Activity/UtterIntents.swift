import AppIntents
import Foundation

/// Starts a dictation in the app (Shortcuts, Siri, the Action Button, the Control Center control).
struct StartDictationIntent: AppIntent {
  static let title: LocalizedStringResource = "Start Dictation"
  static let description = IntentDescription("Opens Utter and starts listening.")
  static let openAppWhenRun = true

  @MainActor
  func perform() async throws -> some IntentResult {
    await IntentRequests.deliver(.startDictation)
    return .result()
  }
}

/// Opens a new quick note and starts listening.
struct NewNoteIntent: AppIntent {
  static let title: LocalizedStringResource = "New Voice Note"
  static let description = IntentDescription("Opens a new note in Utter and starts listening.")
  static let openAppWhenRun = true

  @MainActor
  func perform() async throws -> some IntentResult {
    await IntentRequests.deliver(.newNote)
    return .result()
  }
}

/// Ends the flow session: the microphone turns off and the Live Activity goes away.
struct EndSessionIntent: LiveActivityIntent {
  static let title: LocalizedStringResource = "End Dictation Session"
  static let description = IntentDescription("Turns Utter's microphone off until you dictate again.")

  @MainActor
  func perform() async throws -> some IntentResult {
    await IntentRequests.deliver(.endSession)
    return .result()
  }
}
