import AppIntents
import UtterActivity

/// The widget extension's intents: only the framework's (the Live Activity's End button); none opens the app.
struct UtterWidgetIntents: AppIntentsPackage {
  static var includedPackages: [any AppIntentsPackage.Type] { [UtterActivityIntents.self] }
}
