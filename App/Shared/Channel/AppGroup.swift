import Foundation

/// The App Group shared by the app, the keyboard and the widgets.
enum AppGroup {
  /// The group identifier, also written into each target's Info.plist as `UtterAppGroup`.
  static let identifier = "group.app.utter"

  /// The shared container, or nil when the App Group entitlement is missing (a signing mistake).
  static var containerURL: URL? {
    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
  }

  /// The folder the session channel uses inside the shared container.
  static var channelDirectory: URL? {
    containerURL?.appendingPathComponent("Channel", isDirectory: true)
  }
}
