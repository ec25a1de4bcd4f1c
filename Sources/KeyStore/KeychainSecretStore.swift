#if canImport(Security)
  import Foundation
  import Security

  /// API keys in the iOS Keychain, one generic-password item per provider, readable only on this device after
  /// the first unlock (so a background dictation can use a cloud engine while the phone is locked).
  public struct KeychainSecretStore: SecretStore {
    /// The Keychain service all of Utter's keys share.
    public let service: String

    public init(service: String = "app.utter.api-keys") {
      self.service = service
    }

    public func get(_ provider: String) throws -> String? {
      var query = baseQuery(try ProviderName.normalized(provider))
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var item: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &item)
      switch status {
      case errSecSuccess:
        guard let data = item as? Data, let key = String(data: data, encoding: .utf8) else {
          throw SecretStoreError("the stored key for \(provider) is unreadable; set it again")
        }
        return key
      case errSecItemNotFound:
        return nil
      default:
        throw Self.error("reading the key for \(provider)", status)
      }
    }

    public func set(_ key: String, for provider: String) throws {
      let name = try ProviderName.normalized(provider)
      let data = Data(try KeyValidation.cleaned(key).utf8)
      let update: [String: Any] = [
        kSecValueData as String: data,
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
      ]
      let status = SecItemUpdate(baseQuery(name) as CFDictionary, update as CFDictionary)
      if status == errSecItemNotFound {
        var add = baseQuery(name)
        add.merge(update) { _, new in new }
        let added = SecItemAdd(add as CFDictionary, nil)
        guard added == errSecSuccess else { throw Self.error("saving the key for \(provider)", added) }
      } else if status != errSecSuccess {
        throw Self.error("saving the key for \(provider)", status)
      }
    }

    @discardableResult
    public func remove(_ provider: String) throws -> Bool {
      let status = SecItemDelete(baseQuery(try ProviderName.normalized(provider)) as CFDictionary)
      switch status {
      case errSecSuccess: return true
      case errSecItemNotFound: return false
      default: throw Self.error("removing the key for \(provider)", status)
      }
    }

    public func list() throws -> [String] {
      var query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecReturnAttributes as String: true,
        kSecMatchLimit as String: kSecMatchLimitAll,
      ]
      query[kSecUseDataProtectionKeychain as String] = true
      var items: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &items)
      switch status {
      case errSecSuccess:
        let rows = items as? [[String: Any]] ?? []
        return rows.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
      case errSecItemNotFound:
        return []
      default:
        throw Self.error("listing keys", status)
      }
    }

    private func baseQuery(_ provider: String) -> [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: provider,
        kSecUseDataProtectionKeychain as String: true,
      ]
    }

    /// A one-line error that names the operation and the Keychain's reason, never the key.
    private static func error(_ action: String, _ status: OSStatus) -> SecretStoreError {
      let reason = SecCopyErrorMessageString(status, nil) as String? ?? "status \(status)"
      return SecretStoreError("\(action) failed: \(reason)")
    }
  }
#endif
