import AppIntents
import Foundation

/// The intents the app and its widget extension both name: the Live Activity's End button and the requests behind
/// them. None opens the app (rules.py in the iOS check: such an intent errors when it runs in an extension).
public struct UtterActivityIntents: AppIntentsPackage {}

/// An intent whose whole work is handing one request to the app.
public protocol AppRequestIntent: AppIntent {
  /// What the app is asked to do.
  static var request: IntentRequest { get }
}

extension AppRequestIntent {
  @MainActor
  public func perform() async throws -> some IntentResult {
    await IntentRequests.deliver(Self.request)
    return .result()
  }
}

/// Ends the flow session: the microphone turns off and the Live Activity goes away. A `LiveActivityIntent`, which
/// the system performs in the app's process (https://developer.apple.com/documentation/appintents/liveactivityintent).
public struct EndSessionIntent: LiveActivityIntent, AppRequestIntent {
  public static let title: LocalizedStringResource = "End Dictation Session"
  public static let description = IntentDescription("Turns Utter's microphone off until you dictate again.")
  public static let request = IntentRequest.endSession

  public init() {}
}
