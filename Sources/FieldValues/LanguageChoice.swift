/// A spoken language as a setting, a field or a request names it: a tag such as `en` or `pt-BR`, or `auto` (also
/// empty, or none), which leaves it to the next choice and in the end to the engine's detection. Every place that
/// reads a language asks this type whether it is `auto`.
public struct LanguageChoice: Sendable, Hashable {
  /// The value a setting holds to leave the language to the field, then to detection.
  public static let automatic = "auto"

  /// The language's tag; nil: detect it.
  public let tag: String?

  public init(_ text: String?) {
    let text = text ?? ""
    tag = text.isEmpty || text.lowercased() == Self.automatic ? nil : text
  }

  public var isAutomatic: Bool { tag == nil }

  /// As a setting stores it: the tag, or `auto`.
  public var setting: String { tag ?? Self.automatic }
}
