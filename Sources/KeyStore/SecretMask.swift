/// Shows a key without revealing it: `sk-…a1b2`.
public enum SecretMask {
  /// A recognisable prefix (`sk-`, `gsk_`, up to the first `-` or `_` in the first 8 characters) and the last
  /// four characters, for keys of at least 16 characters; shorter keys show at most their last two.
  public static func mask(_ key: String) -> String {
    let characters = Array(key.trimmingCharacters(in: .whitespacesAndNewlines))
    guard characters.count >= 16 else {
      return characters.count >= 8 ? "…" + String(characters.suffix(2)) : "…"
    }
    var prefix = ""
    if let separator = characters.prefix(8).firstIndex(where: { $0 == "-" || $0 == "_" }) {
      prefix = String(characters[...separator])
    }
    return prefix + "…" + String(characters.suffix(4))
  }
}
