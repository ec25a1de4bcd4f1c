import Foundation

/// The environment variables that may hold a provider's key.
public enum EnvironmentKeys {
  /// The well-known variables, by provider id.
  public static let knownVariables: [String: String] = [
    "openai": "OPENAI_API_KEY",
    "groq": "GROQ_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "gemini": "GEMINI_API_KEY",
    "mistral": "MISTRAL_API_KEY",
    "deepgram": "DEEPGRAM_API_KEY",
  ]

  /// The variable for `provider`: a well-known one, else `UTTER_<PROVIDER>_API_KEY` (`-` and `.` become `_`),
  /// e.g. `UTTER_OPENAI_COMPATIBLE_API_KEY`.
  public static func variable(for provider: String) -> String {
    let name = provider.lowercased()
    if let known = knownVariables[name] { return known }
    let upper = name.uppercased().map { $0 == "-" || $0 == "." ? "_" : $0 }
    return "UTTER_\(String(upper))_API_KEY"
  }

  /// The key for `provider` in `environment`, if set and not blank.
  public static func key(for provider: String, in environment: [String: String]) -> String? {
    guard let value = environment[variable(for: provider)]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !value.isEmpty
    else { return nil }
    return value
  }
}

/// Where a key came from.
public enum SecretSource: Sendable, Hashable, CustomStringConvertible {
  case store
  case environment(variable: String)

  public var description: String {
    switch self {
    case .store: return "stored"
    case .environment(let variable): return "$\(variable)"
    }
  }
}

/// Which source wins when a key is both stored and set in the environment.
public enum KeyPrecedence: Sendable, Hashable {
  /// An environment variable overrides the stored key (the default, as with most CLIs: a variable set for one
  /// command wins, and the stored key is untouched).
  case environmentFirst
  /// The stored key overrides the environment.
  case storeFirst
}

/// Keys from a store and from environment variables together.
///
/// `get` follows `precedence` (environment first by default); `set` and `remove` change only the store; `list`
/// shows providers with a key from either source.
public struct LayeredSecretStore: SecretStore {
  public let store: any SecretStore
  public let environment: [String: String]
  public let precedence: KeyPrecedence

  public init(store: any SecretStore, environment: [String: String], precedence: KeyPrecedence = .environmentFirst) {
    self.store = store
    self.environment = environment
    self.precedence = precedence
  }

  /// A key and where it came from.
  public struct Resolved: Sendable, Hashable {
    public var key: String
    public var source: SecretSource
  }

  /// The key in effect for `provider`, with its source.
  public func resolve(_ provider: String) throws -> Resolved? {
    let name = try ProviderName.normalized(provider)
    let fromEnvironment = EnvironmentKeys.key(for: name, in: environment).map {
      Resolved(key: $0, source: .environment(variable: EnvironmentKeys.variable(for: name)))
    }
    let fromStore = try store.get(name).map { Resolved(key: $0, source: .store) }
    switch precedence {
    case .environmentFirst: return fromEnvironment ?? fromStore
    case .storeFirst: return fromStore ?? fromEnvironment
    }
  }

  public func get(_ provider: String) throws -> String? {
    try resolve(provider)?.key
  }

  public func set(_ key: String, for provider: String) throws {
    try store.set(key, for: provider)
  }

  @discardableResult public func remove(_ provider: String) throws -> Bool {
    try store.remove(provider)
  }

  public func list() throws -> [String] {
    var names = Set(try store.list())
    for provider in EnvironmentKeys.knownVariables.keys where EnvironmentKeys.key(for: provider, in: environment) != nil
    {
      names.insert(provider)
    }
    for variable in environment.keys where variable.hasPrefix("UTTER_") && variable.hasSuffix("_API_KEY") {
      let middle = variable.dropFirst("UTTER_".count).dropLast("_API_KEY".count)
      guard !middle.isEmpty, EnvironmentKeys.key(for: String(middle).lowercased(), in: environment) != nil
      else { continue }
      names.insert(String(middle).lowercased().replacingOccurrences(of: "_", with: "-"))
    }
    return names.sorted()
  }
}
