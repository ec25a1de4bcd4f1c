import ModelInstallation
import Network

/// Reports the network the phone is on, as the model store's `NetworkKind`, whenever it changes.
final class NetworkWatch: @unchecked Sendable {
  // NB: NWPathMonitor is a reference type; it is only touched here, started once and cancelled on deinit.
  private let monitor = NWPathMonitor()

  /// Starts watching; `changed` runs on the main actor, first with the current network.
  init(changed: @escaping @Sendable @MainActor (NetworkKind) -> Void) {
    monitor.pathUpdateHandler = { path in
      let kind = NetworkKind(
        satisfied: path.status == .satisfied, constrained: path.isConstrained,
        expensive: path.isExpensive || path.usesInterfaceType(.cellular))
      Task { @MainActor in changed(kind) }
    }
    monitor.start(queue: DispatchQueue(label: "app.utter.models.network"))
  }

  deinit { monitor.cancel() }
}
