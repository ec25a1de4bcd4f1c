/// How polished text should sound.
public enum PolishStyle: Sendable, Hashable, Codable {
  /// Complete sentences, no slang, a polite and precise tone.
  case formal
  /// Natural and friendly; contractions are fine.
  case casual
  /// Relaxed texting tone: light punctuation, lower-case starts allowed.
  case veryCasual
  /// The user's own instructions for tone and format.
  case custom(prompt: String)

  /// A short name for logs and settings.
  public var name: String {
    switch self {
    case .formal: return "formal"
    case .casual: return "casual"
    case .veryCasual: return "very casual"
    case .custom: return "custom"
    }
  }

  /// The style named `name` (`formal`, `casual`, `very-casual`/`veryCasual`), or nil.
  public init?(name: String) {
    switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
    case "formal": self = .formal
    case "casual": self = .casual
    case "very-casual", "verycasual", "very casual": self = .veryCasual
    default: return nil
    }
  }
}

/// Which style each kind of field gets, and where polish is off.
public struct PolishStyles: Sendable, Hashable, Codable {
  /// Styles by field kind; a kind missing here uses `fallback`.
  public var byKind: [FieldKind: PolishStyle]
  /// The style for kinds without their own.
  public var fallback: PolishStyle
  /// Kinds where polish is off and the deterministic text is kept (code fields by default).
  public var disabled: Set<FieldKind>

  /// Formal in email, casual elsewhere, off in code fields.
  public init(
    byKind: [FieldKind: PolishStyle] = [.email: .formal, .chat: .casual, .search: .casual, .notes: .casual],
    fallback: PolishStyle = .casual, disabled: Set<FieldKind> = [.code]
  ) {
    self.byKind = byKind
    self.fallback = fallback
    self.disabled = disabled
  }

  /// The style for `kind`, or nil when polish is off there.
  public func style(for kind: FieldKind) -> PolishStyle? {
    disabled.contains(kind) ? nil : (byKind[kind] ?? fallback)
  }
}
