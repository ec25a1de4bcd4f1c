/// What reading a shared file gave: its bytes (`AtomicFile.read`), or the message decoded from them.
public enum ChannelRead<Value: Sendable>: Sendable {
  case missing
  case value(Value)
  /// The file was there but could not be trusted (partial, oversized, corrupt or hostile); the reason is for the log.
  case rejected(String)

  public var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }
}

/// File names in the shared container.
public enum ChannelFile {
  /// Written by the keyboard only.
  public static let commands = "commands.json"
  /// Written by the app only.
  public static let state = "state.json"
  /// Written by the keyboard only: its sign of life.
  public static let keyboard = "keyboard.json"
  package static let resultPrefix = "result-"
  package static let resultSuffix = ".json"
  package static let claimPrefix = "claim-"

  /// Written by the app only.
  public static func result(_ id: String) -> String { resultPrefix + id + resultSuffix }

  /// Created by the keyboard that inserts result `id`, before it inserts it.
  public static func claim(_ id: String) -> String { claimPrefix + id }

  /// The result id in a file name, or nil when the name is not a result file.
  public static func resultID(inFileName name: String) -> String? {
    guard name.hasPrefix(resultPrefix), name.hasSuffix(resultSuffix) else { return nil }
    let id = String(name.dropFirst(resultPrefix.count).dropLast(resultSuffix.count))
    return ChannelValidation.isValidID(id) ? id : nil
  }
}
