/// What the keyboard shows without Full Access: the steps, and "Open Settings" where iOS opens it.
public struct FullAccessHelp: Sendable, Hashable {
  /// Why dictation is off, and the exact steps to turn it on, in one message.
  public let message: String
  /// Whether an "Open Settings" button would open anything.
  public let offersSettingsButton: Bool

  /// The help on the iOS major version the keyboard runs on.
  public init(iOSMajorVersion: Int) {
    // NB: iOS 18 moved each app's settings under Settings › Apps.
    let path = iOSMajorVersion >= 18 ? "Settings › Apps › Utter › Keyboards" : "Settings › Utter › Keyboards"
    message =
      "Dictation needs Full Access, so the keyboard can reach the Utter app. Open \(path), then turn on "
      + "Allow Full Access."
    offersSettingsButton = KeyboardWithoutFullAccess(iOSMajorVersion: iOSMajorVersion).canOpenURLs
  }

  /// The line shown when iOS did not open Settings after all.
  public static let settingsDidNotOpen = "iOS did not open Settings: open it yourself and follow the steps above."
}
