/// The user's settings as a dictation starting now reads them, when they changed since the last dictation: a
/// change made while the session runs (in the app's Settings, or `utter settings set`) applies from the next one.
public struct HostSettingsRefresh: Sendable {
  /// The host's configuration from the settings as they are now.
  public var configuration: HostConfiguration
  /// The settings choose another engine: the one in memory is let go and the new one loads behind the capture.
  public var engineChanged: Bool
  /// What changed, for the log: setting keys (`polish-provider`), `dictionary`, `snippets`, `styles`.
  public var changes: [String]

  public init(configuration: HostConfiguration, engineChanged: Bool, changes: [String]) {
    self.configuration = configuration
    self.engineChanged = engineChanged
    self.changes = changes
  }
}
