/// What a keyboard extension can do while the user has not allowed it Full Access, by iOS version.
///
/// Apple, "Configuring open access for a custom keyboard"
/// (https://developer.apple.com/documentation/uikit/configuring-open-access-for-a-custom-keyboard): the sandbox
/// "disallows access to the network and prevents writing to the containing app's shared group containers (reading is
/// permitted)". From iOS 26 a keyboard without Full Access can no longer open URLs at all, neither its app nor
/// Settings: measured by KeyboardKit users (https://github.com/KeyboardKit/KeyboardKit/issues/966,
/// https://github.com/KeyboardKit/KeyboardKit/issues/968, "the settings button on keyboard is not working if keyboard
/// does not have full access"); with Full Access it still works.
public struct KeyboardWithoutFullAccess: Sendable, Hashable {
  public let iOSMajorVersion: Int

  public init(iOSMajorVersion: Int) {
    self.iOSMajorVersion = iOSMajorVersion
  }

  /// Whether it can open a URL (the containing app, or Settings' page for the app): the help's "Open Settings".
  public var canOpenURLs: Bool { iOSMajorVersion < 26 }

  /// Why dictation is off, and the exact steps to turn it on (iOS 18 moved each app's settings under Settings › Apps).
  public var message: String {
    let path = iOSMajorVersion >= 18 ? "Settings › Apps › Utter › Keyboards" : "Settings › Utter › Keyboards"
    return "Dictation needs Full Access, so the keyboard can reach the Utter app. Open \(path), then turn on "
      + "Allow Full Access."
  }

  /// The line shown when iOS did not open Settings after all.
  public static let settingsDidNotOpen = "iOS did not open Settings: open it yourself and follow the steps above."
}
