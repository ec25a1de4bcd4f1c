import AppIntents
import Foundation
import UtterActivity

/// The app's intents, with those of the framework it shares with its widgets.
struct UtterAppIntents: AppIntentsPackage {
  static var includedPackages: [any AppIntentsPackage.Type] { [UtterActivityIntents.self] }
}

/// An intent that brings Utter to the foreground to run: only in the app's target, never in an extension.
protocol ForegroundIntent: AppIntent {}

extension ForegroundIntent {
  /// Opens the app before `perform()` runs (iOS 26 and later).
  @available(iOS 26.0, *)
  static var supportedModes: IntentModes { .foreground(.immediate) }
}

// NB: iOS 17–25 read `openAppWhenRun`, deprecated in iOS 26 for `supportedModes`; Apple's own example keeps it in a
// deprecated extension for older systems (https://developer.apple.com/documentation/appintents/appintent/openappwhenrun).
@available(*, deprecated)
extension ForegroundIntent {
  static var openAppWhenRun: Bool { true }
}

/// A request to the app that it runs in the foreground.
protocol OpeningIntent: AppRequestIntent, ForegroundIntent {}

/// Starts a dictation in the app (Shortcuts, Siri, the Action Button).
struct StartDictationIntent: OpeningIntent {
  static let title: LocalizedStringResource = "Start Dictation"
  static let description = IntentDescription("Opens Utter and starts listening.")
  static let request = IntentRequest.startDictation
}

/// Opens a new quick note and starts listening.
struct NewNoteIntent: OpeningIntent {
  static let title: LocalizedStringResource = "New Voice Note"
  static let description = IntentDescription("Opens a new note in Utter and starts listening.")
  static let request = IntentRequest.newNote
}
