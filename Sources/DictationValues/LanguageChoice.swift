/// A spoken language as a setting, a field or a request names it: a tag (`en`, `pt-BR`), or `auto` (also empty or
/// none), which leaves it to the next choice and in the end to detection. Every reader asks this type.
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
}
