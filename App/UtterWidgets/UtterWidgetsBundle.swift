import SwiftUI
import WidgetKit

/// Everything Utter shows outside the app: the Live Activity, the lock-screen widget, the control.
@main
struct UtterWidgetsBundle: WidgetBundle {
  var body: some Widget {
    DictateWidget()
    DictationLiveActivity()
    if #available(iOS 18.0, *) {
      DictateControl()
    }
  }
}
