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

    /// Calls `handler` on any thread each time `name` is posted, until the token is released or cancelled.
    public func observe(_ name: String, handler: @escaping @Sendable () -> Void) -> DarwinObservation {
      let id = UUID()
      lock.lock()
      let isFirst = handlers[name] == nil
      handlers[name, default: [:]][id] = handler
      lock.unlock()
      if isFirst {
        let observer = Unmanaged.passUnretained(self).toOpaque()
        CFNotificationCenterAddObserver(
          center, observer, darwinCallback, name as CFString, nil, .deliverImmediately)
      }
      return DarwinObservation { [weak self] in self?.remove(name: name, id: id) }
    }

    fileprivate func deliver(_ name: String) {
      lock.lock()
      let current = handlers[name].map { Array($0.values) } ?? []
      lock.unlock()
      for handler in current { handler() }
    }

    private func remove(name: String, id: UUID) {
      lock.lock()
      handlers[name]?[id] = nil
      let isLast = handlers[name]?.isEmpty ?? false
      if isLast { handlers[name] = nil }
      lock.unlock()
      if isLast {
        let observer = Unmanaged.passUnretained(self).toOpaque()
        CFNotificationCenterRemoveObserver(center, observer, CFNotificationName(name as CFString), nil)
      }
    }
  }

  /// Keeps a Darwin observation alive; cancelling it (or releasing it) stops delivery.
  public final class DarwinObservation: @unchecked Sendable {
    private var onCancel: (() -> Void)?
    private let lock = NSLock()

    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    /// Stops delivery; later calls do nothing.
    public func cancel() {
      lock.lock()
      let action = onCancel
      onCancel = nil
      lock.unlock()
      action?()
    }

    deinit { cancel() }
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
#endif
