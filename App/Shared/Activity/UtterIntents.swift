import AppIntents
import Foundation

/// An intent whose whole work is handing one request to the app.
protocol AppRequestIntent: AppIntent {
  /// What the app is asked to do.
  static var request: IntentRequest { get }
}

extension AppRequestIntent {
  @MainActor
  func perform() async throws -> some IntentResult {
    await IntentRequests.deliver(Self.request)
    return .result()
  }
}

/// Starts a dictation in the app (Shortcuts, Siri, the Action Button, the Control Center control).
struct StartDictationIntent: AppRequestIntent {
  static let title: LocalizedStringResource = "Start Dictation"
  static let description = IntentDescription("Opens Utter and starts listening.")
  static let openAppWhenRun = true
  static let request = IntentRequest.startDictation
}

/// Opens a new quick note and starts listening.
struct NewNoteIntent: AppRequestIntent {
  static let title: LocalizedStringResource = "New Voice Note"
  static let description = IntentDescription("Opens a new note in Utter and starts listening.")
  static let openAppWhenRun = true
  static let request = IntentRequest.newNote
}

/// Ends the flow session: the microphone turns off and the Live Activity goes away.
struct EndSessionIntent: LiveActivityIntent, AppRequestIntent {
  static let title: LocalizedStringResource = "End Dictation Session"
  static let description = IntentDescription("Turns Utter's microphone off until you dictate again.")
  static let request = IntentRequest.endSession
}
