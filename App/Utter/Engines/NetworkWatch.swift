import Dictation
import Network

/// Reports the network the phone is on, as the model store's `NetworkKind`, whenever it changes.
final class NetworkWatch: @unchecked Sendable {
  // NB: NWPathMonitor is a reference type; it is only touched here, started once and cancelled on deinit.
  private let monitor = NWPathMonitor()
  private let queue = DispatchQueue(label: "app.utter.models.network")

  /// Starts watching; `changed` runs on the main actor, first with the current network.
  init(changed: @escaping @Sendable @MainActor (NetworkKind) -> Void) {
    monitor.pathUpdateHandler = { path in
      let kind = Self.kind(of: path)
      Task { @MainActor in changed(kind) }
    }
    monitor.start(queue: queue)
  }

  deinit { monitor.cancel() }

  /// Low Data Mode first (it is also expensive), then cellular or a hotspot, then Wi-Fi or wired.
  static func kind(of path: NWPath) -> NetworkKind {
    guard path.status == .satisfied else { return .none }
    if path.isConstrained { return .constrained }
    if path.isExpensive || path.usesInterfaceType(.cellular) { return .cellular }
    return .wifi
  }
}
