/// Who may write iOS's general pasteboard (`UIPasteboard.general`), and so who copies a dictation when auto-copy is
/// on.
///
/// - A keyboard extension runs in a sandbox that, without open access ("Allow Full Access"), keeps it from everything
///   outside the keyboard's own work (App Extension Programming Guide, Custom Keyboard, "Designing for User Trust" /
///   "Open Access",
///   https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/CustomKeyboard.html;
///   https://developer.apple.com/documentation/uikit/configuring-open-access-for-a-custom-keyboard). Its general
///   pasteboard does not keep what it writes: before iOS 11 gave keyboards `hasFullAccess`, keyboards told whether
///   they had Full Access by writing a string to `UIPasteboard.general` and reading `hasStrings` back (KeyboardKit,
///   `UIPasteboard_FullAccess.swift`, https://github.com/KeyboardKit/KeyboardKit/pull/1).
/// - A process with nothing on screen had its write refused: "The pasteboard name com.apple.UIKit.pboard.general is
///   not valid" (a UI-less extension on iOS 17.3, FB13636156, https://github.com/feedback-assistant/reports/issues/469),
///   and Apple documents no write from the background. So, strictest: the app copies only while it is on screen; a
///   dictation the user is not looking at in the app is copied by the keyboard that inserts it, which is on screen
///   then and has Full Access (it cannot dictate without it).
public enum GeneralPasteboard {
  /// A process that would write the pasteboard.
  public enum Writer: Sendable, Hashable {
    /// The containing app, on screen or not.
    case app(AppScene)
    /// The keyboard extension, with or without Full Access.
    case keyboard(hasFullAccess: Bool)
  }

  /// Why a write is refused, in one line.
  public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    case keyboardWithoutFullAccess
    case appNotOnScreen

    public var description: String {
      switch self {
      case .keyboardWithoutFullAccess: "a keyboard without Full Access cannot use the general pasteboard"
      case .appNotOnScreen: "an app that is not on screen cannot write the general pasteboard"
      }
    }
  }

  /// Nil when `writer` may write the general pasteboard now; else why not.
  public static func refusal(_ writer: Writer) -> Refusal? {
    switch writer {
    case .app(.foreground), .keyboard(hasFullAccess: true): nil
    case .app(.background): .appNotOnScreen
    case .keyboard(hasFullAccess: false): .keyboardWithoutFullAccess
    }
  }

  /// A pasteboard as strict as iOS's, for the simulated phone: it keeps a write only from a writer `refusal` allows.
  public struct Simulated: Sendable, Hashable {
    /// What was last copied.
    public private(set) var string: String?

    public init() {}

    /// Copies `text` for `writer`, or throws why iOS would not keep it.
    public mutating func write(_ text: String, by writer: Writer) throws(Refusal) {
      if let refusal = GeneralPasteboard.refusal(writer) { throw refusal }
      string = text
    }
  }
}
