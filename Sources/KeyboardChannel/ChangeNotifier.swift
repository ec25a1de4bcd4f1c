import Foundation

/// Tells one side of the channel that the other side changed a file.
///
/// On Apple platforms this is a Darwin notification (implemented in the app); on Linux the file system tells
/// (inotify). A missed signal only delays delivery: `ChannelWatcher` also polls.
public protocol ChangeNotifier: Sendable {
  /// Signals that the file `name` in the container was just replaced.
  func post(_ name: String)
  /// Names of container files as they change. Finishes when the consumer stops iterating.
  func changes() -> AsyncStream<String>
}
