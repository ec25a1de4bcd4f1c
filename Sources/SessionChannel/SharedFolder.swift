import Foundation

/// The folder the keyboard and the app share (the App Group, `--container`), and its files' paths.
public struct SharedFolder: Sendable, Hashable {
  /// The folder holding the channel's files (`commands.json`, `state.json`, results) and the keyboard's settings.
  public let channel: URL

  /// A channel folder given as it is (the CLI's `--container`, tests).
  public init(channel: URL) {
    self.channel = channel
  }

  /// The layout inside an App Group container: everything under `Channel/`.
  public init(appGroup: URL) {
    channel = appGroup.appendingPathComponent("Channel", isDirectory: true)
  }

  /// The few settings the keyboard reads (written by the app whenever settings change).
  public var keyboardSettings: URL { channel.appendingPathComponent("keyboard-settings.json") }

  #if canImport(Darwin)
    /// The App Group identifier of the app, the keyboard and the widgets (also in each target's entitlements).
    public static let appGroupIdentifier = "group.app.utter"

    /// The App Group's folder on this device, or nil when the entitlement is missing (a signing mistake).
    public static func appGroup() -> SharedFolder? {
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroupIdentifier)
        .map(SharedFolder.init(appGroup:))
    }
  #endif
}
