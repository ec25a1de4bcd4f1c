import CoreFoundation
import Foundation

/// A request made from Shortcuts, Siri, the Action Button, a control or the Live Activity.
public enum IntentRequest: String, Sendable, CaseIterable {
  case startDictation = "app.utter.intent.start-dictation"
  case newNote = "app.utter.intent.new-note"
  case endSession = "app.utter.intent.end-session"
}

/// Routes intent requests to the app. The app installs a handler at launch; a request performed before that
/// (a cold launch from a control) waits in `pending`. In an extension process there is no handler, so the
/// request is also posted as a Darwin notification the running app observes.
@MainActor
public enum IntentRequests {
  /// Set by the app at launch; the requests waiting for it are handed over then.
  public static var handler: ((IntentRequest) async -> Void)? {
    didSet {
      guard let handler, !pending.isEmpty else { return }  // glue: requests that came before the app's handler
      let waiting = pending
      pending = []
      Task { @MainActor in for request in waiting { await handler(request) } }
    }
  }
  private static var pending: [IntentRequest] = []

  /// Hands `request` to the app, now or as soon as it installs its handler.
  public static func deliver(_ request: IntentRequest) async {
    if let handler {
      await handler(request)
    } else {
      pending.append(request)
      CFNotificationCenterPostNotification(
        CFNotificationCenterGetDarwinNotifyCenter(), CFNotificationName(request.rawValue as CFString), nil, nil,
        true)
    }
  }
}
