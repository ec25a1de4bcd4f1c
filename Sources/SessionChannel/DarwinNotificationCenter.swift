#if canImport(Darwin)
  import CoreFoundation
  import Foundation

  /// Posts and observes Darwin notifications: payload-free signals that cross process boundaries.
  public final class DarwinNotificationCenter: @unchecked Sendable {
    /// Everything in this process shares one center.
    public static let shared = DarwinNotificationCenter()

    private let center = CFNotificationCenterGetDarwinNotifyCenter()
    private let lock = NSLock()
    private var handlers: [String: [UUID: @Sendable () -> Void]] = [:]

    private init() {}

    /// Sends `name` to every process observing it (including this one).
    public func post(_ name: String) {
      CFNotificationCenterPostNotification(center, CFNotificationName(name as CFString), nil, nil, true)
    }

    /// Each of `names` as it is posted (`report` says what to yield for it), until the consumer stops iterating.
    public func signals(_ names: [String], report: @escaping @Sendable (String) -> String = { $0 }) -> AsyncStream<
      String
    > {
      let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(32))
      let id = UUID()
      for name in names { observe(name, id: id) { continuation.yield(report(name)) } }
      continuation.onTermination = { [weak self] _ in names.forEach { self?.remove(name: $0, id: id) } }
      return stream
    }

    private func observe(_ name: String, id: UUID, handler: @escaping @Sendable () -> Void) {
      let isFirst = lock.withLock {
        defer { handlers[name, default: [:]][id] = handler }
        return handlers[name] == nil
      }
      guard isFirst else { return }
      let observer = Unmanaged.passUnretained(self).toOpaque()
      CFNotificationCenterAddObserver(center, observer, darwinCallback, name as CFString, nil, .deliverImmediately)
    }

    fileprivate func deliver(_ name: String) {
      for handler in lock.withLock({ handlers[name].map { Array($0.values) } ?? [] }) { handler() }
    }

    private func remove(name: String, id: UUID) {
      let isLast = lock.withLock {
        handlers[name]?[id] = nil
        guard handlers[name]?.isEmpty == true else { return false }
        handlers[name] = nil
        return true
      }
      guard isLast else { return }
      let observer = Unmanaged.passUnretained(self).toOpaque()
      CFNotificationCenterRemoveObserver(center, observer, CFNotificationName(name as CFString), nil)
    }
  }

  // NB: a C callback cannot capture context; the observer pointer carries the (immortal) shared center.
  private func darwinCallback(
    _ center: CFNotificationCenter?, _ observer: UnsafeMutableRawPointer?, _ name: CFNotificationName?,
    _ object: UnsafeRawPointer?, _ userInfo: CFDictionary?
  ) {
    guard let observer, let name else { return }
    let target = Unmanaged<DarwinNotificationCenter>.fromOpaque(observer).takeUnretainedValue()
    target.deliver(name.rawValue as String)
  }

  /// The channel's change signal on iOS: one Darwin notification per channel file.
  public struct DarwinChangeNotifier: ChangeNotifier {
    public init() {}

    // NB: Darwin names carry no payload: every result shares one signal, reported as a change of `state.json`.
    private static let prefix = "app.utter.channel."
    private static let results = "result"

    public func post(_ name: String) {
      let signal = ChannelFile.resultID(inFileName: name) == nil ? name : Self.results
      DarwinNotificationCenter.shared.post(Self.prefix + signal)
    }

    public func changes() -> AsyncStream<String> {
      let names = [ChannelFile.commands, ChannelFile.state, Self.results].map { Self.prefix + $0 }
      return DarwinNotificationCenter.shared.signals(names) { signal in
        let name = String(signal.dropFirst(Self.prefix.count))
        return name == Self.results ? ChannelFile.state : name
      }
    }
  }
#endif
