import Foundation

/// Where API keys live, by provider id (`openai`, `groq`, `deepgram`…).
///
/// The CLI uses `FileSecretStore`; the app supplies a Keychain store. Implementations never log keys.
public protocol SecretStore: Sendable {
  /// The key stored for `provider`, if any.
  func get(_ provider: String) throws -> String?
  /// Stores `key` for `provider`, replacing any previous one.
  func set(_ key: String, for provider: String) throws
  /// Removes the key for `provider`; returns whether there was one.
  @discardableResult func remove(_ provider: String) throws -> Bool
  /// The providers that have a key, sorted.
  func list() throws -> [String]
}

/// Why a key could not be read or written; the message never contains a key.
public struct SecretStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Provider ids as stored: lower-case letters, digits, `-`, `_` and `.`.
public enum ProviderName {
  /// `name` trimmed and lower-cased; throws when it is empty, too long or has other characters.
  public static func normalized(_ name: String) throws -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
    guard !trimmed.isEmpty, trimmed.count <= 64, trimmed.allSatisfy({ allowed.contains($0) }) else {
      throw SecretStoreError(
        "'\(name.prefix(64))' is not a provider name (use letters, digits, '-', '_' or '.', e.g. openai)")
    }
    return trimmed
  }
}

/// Checks a key before it is stored.
public enum KeyValidation {
  /// `key` without surrounding white space; throws when it is empty or holds white space or control
  /// characters (a paste gone wrong).
  public static func cleaned(_ key: String) throws -> String {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw SecretStoreError("the key is empty") }
    guard
      !trimmed.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || $0.value < 0x20 })
    else {
      throw SecretStoreError("the key contains spaces or line breaks; paste only the key")
    }
    return trimmed
  }
}
