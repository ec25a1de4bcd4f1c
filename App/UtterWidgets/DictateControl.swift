import AppIntents
import SwiftUI
import WidgetKit

/// A Control Center, lock-screen and Action Button control that opens Utter and starts dictating (iOS 18).
///
/// NB: the control's action is the system's `OpenURLIntent` with `utter://dictate?from=control` (`AppRoute`), not an
/// intent of ours: an intent that opens the app errors when it runs in an extension, and a control's action runs in
/// this one (https://developer.apple.com/documentation/appintents/appintent/openappwhenrun).
@available(iOS 18.0, *)
struct DictateControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "app.utter.control.dictate") {
      ControlWidgetButton(action: Self.openDictation) {
        Label("Dictate", systemImage: "mic.fill")
      }
    }
    .displayName("Dictate")
    .description("Open Utter and start dictating.")
  }

  private static var openDictation: OpenURLIntent {
    let intent = OpenURLIntent()
    if let link = URL(string: "utter://dictate?from=control") { intent.url = link }
    return intent
  }
}
