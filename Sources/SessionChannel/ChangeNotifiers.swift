import Foundation

/// A notifier that never signals: delivery then relies on polling alone.
public struct SilentNotifier: ChangeNotifier {
  public init() {}
  public func post(_ name: String) {}
  public func changes() -> AsyncStream<String> {
    AsyncStream { _ in }
  }
}

/// The notifier this platform offers for a container directory, unless `UTTER_NOTIFIER=poll` asks for none.
public enum ChangeNotifiers {
  public static func platformDefault(
    container: URL, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> any ChangeNotifier {
    if environment["UTTER_NOTIFIER"] == "poll" { return SilentNotifier() }
    #if os(Linux)
      return InotifyNotifier(directory: container)
    #else
      // NB: the app supplies its Darwin-notification notifier; the command line on macOS polls.
      return SilentNotifier()
    #endif
  }
}
