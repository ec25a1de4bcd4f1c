import Foundation

/// Keys held in memory only: for tests, previews and one-off runs.
public final class InMemorySecretStore: SecretStore, @unchecked Sendable {
  private let lock = NSLock()
  private var keys: [String: String]

  public init(_ keys: [String: String] = [:]) {
    self.keys = keys
  }

  public func get(_ provider: String) throws -> String? {
    let name = try ProviderName.normalized(provider)
    return lock.withLock { keys[name] }
  }

  public func set(_ key: String, for provider: String) throws {
    let name = try ProviderName.normalized(provider)
    let value = try KeyValidation.cleaned(key)
    lock.withLock { keys[name] = value }
  }

  @discardableResult public func remove(_ provider: String) throws -> Bool {
    let name = try ProviderName.normalized(provider)
    return lock.withLock { keys.removeValue(forKey: name) != nil }
  }

  public func list() throws -> [String] {
    lock.withLock { keys.keys.sorted() }
  }
}
