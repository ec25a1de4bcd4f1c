import Foundation

/// Tells one side of the channel the other changed a file (Darwin notification, inotify); `ChannelWatcher` also polls.
public protocol ChangeNotifier: Sendable {
  /// Signals that the file `name` in the container was just replaced.
  func post(_ name: String)
  /// Names of container files as they change. Finishes when the consumer stops iterating.
  func changes() -> AsyncStream<String>
}
