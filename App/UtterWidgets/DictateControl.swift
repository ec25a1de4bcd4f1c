import AppIntents
import SwiftUI
import WidgetKit

/// A Control Center, lock-screen and Action Button control that opens Utter and starts dictating (iOS 18).
@available(iOS 18.0, *)
struct DictateControl: ControlWidget {
  var body: some ControlWidgetConfiguration {
    StaticControlConfiguration(kind: "app.utter.control.dictate") {
      ControlWidgetButton(action: StartDictationIntent()) {
        Label("Dictate", systemImage: "mic.fill")
      }
    }
    .displayName("Dictate")
    .description("Open Utter and start dictating.")
  }
}
